import { Anchor, Group, Stack, Text } from '@mantine/core';
import {
  type CareRequest,
  type CareRequestCase,
  type CareRequestClient,
  type CareRequestService,
  formatDisplayDate,
} from '@opora/contracts';
import { IconHeadset, IconMail, IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Field, FieldList } from '@/components/ui/field-list.tsx';
import { formatPhone } from '@/lib/format.ts';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { useServiceTypeName } from '@/lib/reference-data/use-service-type-name.ts';
import { formatAddress } from '@/shared-features/services/format.ts';
import { priceText } from '@/shared-features/services/service-price.ts';
import classes from './requests.module.css';

function NotGiven() {
  const { t } = useTranslation('requests');
  return (
    <Text span c="dimmed">
      {t('client.notGiven')}
    </Text>
  );
}

/** The client as the request shares them with the provider. */
export function ClientSummary({ client }: { client: CareRequestClient }) {
  const { t } = useTranslation(['requests', 'enums']);
  const careAddress = client.serviceAddressDiffers ? client.serviceAddress : client.residence;
  const person = (value: CareRequestClient['contactPerson']) =>
    value ? (
      [value.fullName, value.phone ? formatPhone(value.phone) : null].filter(Boolean).join(', ')
    ) : (
      <NotGiven />
    );
  return (
    <FieldList>
      <Field label={t('client.name')}>{client.fullName}</Field>
      <Field label={t('client.relationship')}>
        {client.isClient ? (
          t('client.self')
        ) : client.relationshipType ? (
          t(`enums:relationshipType.${client.relationshipType.code}`)
        ) : (
          <NotGiven />
        )}
      </Field>
      <Field label={t('client.dateOfBirth')}>
        {client.dateOfBirth ? formatDisplayDate(client.dateOfBirth) : <NotGiven />}
      </Field>
      {client.birthNumberMasked ? (
        <Field label={t('client.birthNumber')}>{client.birthNumberMasked}</Field>
      ) : null}
      <Field label={t('client.sex')}>{client.sex ? t(`enums:sex.${client.sex}`) : <NotGiven />}</Field>
      <Field label={t('client.phone')}>{client.phone ? formatPhone(client.phone) : <NotGiven />}</Field>
      <Field label={t('client.email')}>{client.email ?? <NotGiven />}</Field>
      <Field label={t('client.careAddress')}>
        {careAddress ? (
          <>
            {careAddress.fullAddress}
            <Text span c="dimmed" display="block" size="sm">
              {careAddress.county.name === careAddress.region.name
                ? careAddress.region.name
                : `${careAddress.county.name} · ${careAddress.region.name}`}
            </Text>
          </>
        ) : (
          <NotGiven />
        )}
      </Field>
      <Field label={t('client.contactPerson')}>{person(client.contactPerson)}</Field>
      <Field label={t('client.attendingDoctor')}>{person(client.attendingDoctor)}</Field>
    </FieldList>
  );
}

/** Where the case's own questionnaires stand (the provider reads them with the request). */
export function CaseSurveyStates({ careCase }: { careCase: CareRequestCase }) {
  const { t } = useTranslation('requests');
  return (
    <Text>
      {careCase.surveys
        .map((survey) => `${t(`caseSurveys.${survey.type}`)} (${t(`caseSurveys.states.${survey.state}`)})`)
        .join(', ')}
    </Text>
  );
}

/** Provider, facility and price of the service, stacked for a narrow column. */
export function ServiceFacts({ service }: { service: CareRequestService }) {
  const { t } = useTranslation('requests');
  const { t: catalogueT } = useTranslation('catalogue');
  const { locale } = useLocale();
  return (
    <dl className={classes.facts}>
      <dt>{t('review.service.provider')}</dt>
      <dd>{service.provider.name}</dd>
      <dt>{t('review.service.facility')}</dt>
      <dd>
        {service.facility.name}
        {service.facility.address ? (
          <Text span c="dimmed" display="block" size="sm">
            {formatAddress(service.facility.address)}
          </Text>
        ) : null}
      </dd>
      <dt>{t('review.service.price')}</dt>
      <dd>{priceText(catalogueT, service.price, locale)}</dd>
    </dl>
  );
}

/** "Home care service · field service", as the catalogue names them. */
export function useServiceKind(service: Pick<CareRequestService, 'serviceType' | 'form'>): string {
  const { t } = useTranslation('catalogue');
  const serviceTypeName = useServiceTypeName();
  return `${serviceTypeName(service.serviceType.code)} · ${t(`forms.${service.form}`)}`;
}

/** The provider, the facility and their public ways to be reached, stacked for a narrow column. */
export function ProviderContacts({ service }: { service: CareRequestService }) {
  const { t } = useTranslation('requests');
  const { provider } = service;
  return (
    <dl className={classes.facts}>
      <dt>{t('detail.provider.provider')}</dt>
      <dd>{provider.name}</dd>
      <dt>{t('detail.provider.facility')}</dt>
      <dd>
        {service.facility.name}
        {service.facility.address ? (
          <Text span c="dimmed" display="block" size="sm">
            {formatAddress(service.facility.address)}
          </Text>
        ) : null}
      </dd>
      {provider.contactPhone ? (
        <>
          <dt>{t('detail.provider.phone')}</dt>
          <dd>
            <Anchor href={`tel:${provider.contactPhone}`}>{formatPhone(provider.contactPhone)}</Anchor>
          </dd>
        </>
      ) : null}
      {provider.contactEmail ? (
        <>
          <dt>{t('detail.provider.email')}</dt>
          <dd>
            <Anchor href={`mailto:${provider.contactEmail}`}>{provider.contactEmail}</Anchor>
          </dd>
        </>
      ) : null}
      {provider.contacts.length > 0 ? (
        <>
          <dt>{t('detail.provider.contacts')}</dt>
          <dd>
            <Stack gap={6}>
              {provider.contacts.map((contact, index) => (
                <div key={`${contact.fullName}-${index}`}>
                  <Text fw={600}>{contact.fullName}</Text>
                  {contact.phone ? (
                    <Anchor href={`tel:${contact.phone}`} display="block">
                      <IconPhone
                        size={16}
                        aria-hidden
                        style={{ verticalAlign: 'text-bottom', marginRight: 4 }}
                      />
                      {formatPhone(contact.phone)}
                    </Anchor>
                  ) : null}
                  {contact.email ? (
                    <Anchor href={`mailto:${contact.email}`} display="block">
                      <IconMail
                        size={16}
                        aria-hidden
                        style={{ verticalAlign: 'text-bottom', marginRight: 4 }}
                      />
                      {contact.email}
                    </Anchor>
                  ) : null}
                </div>
              ))}
            </Stack>
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/**
 * An Opora assistant sent the request for the carer (issue 25 §2, decision 0123): said at the top of
 * the request, with the assistant's first name when known. Nothing for the carer's own requests.
 */
export function SentByAssistantNote({
  request,
}: {
  request: Pick<CareRequest, 'sentByAssistant' | 'assistantName'>;
}) {
  const { t } = useTranslation('requests');
  if (!request.sentByAssistant) return null;
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <IconHeadset size={20} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
      <Text>
        {request.assistantName
          ? t('detail.sent.byAssistant', { name: request.assistantName })
          : t('detail.sent.byAssistantUnnamed')}
      </Text>
    </Group>
  );
}
