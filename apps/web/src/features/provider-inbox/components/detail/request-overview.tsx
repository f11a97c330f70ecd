import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import {
  type CareRequestClient,
  type CareRequestSource,
  caseNotesQuestionName,
  formatDisplayDate,
  type ProviderCareRequest,
  relationshipTypeCodes,
} from '@opora/contracts';
import { IconListDetails } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, FieldList } from '@/components/ui/field-list.tsx';
import { formatPhone } from '@/lib/format.ts';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { useServiceTypeName } from '@/lib/reference-data/use-service-type-name.ts';
import { formatDateTime, formatInstantDate } from '@/shared-features/requests/dates.ts';
import { CareRequestStatusBadge } from '@/shared-features/requests/status-badge.tsx';
import { formatAddress } from '@/shared-features/services/format.ts';
import classes from './detail.module.css';

function Dimmed({ children }: { children: ReactNode }) {
  return (
    <Text span c="dimmed">
      {children}
    </Text>
  );
}

/** A card of the overview, named by its heading. */
export function DetailCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby={id}
      className={classes.card}
    >
      <Stack gap="md">
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * Where a request came from: through Opora (sent by an Opora assistant for `by`, when `sentByAssistant`),
 * or who of the provider entered it and how the client came (`Entered by Jana Nováková — phone`).
 */
export function RequestSource({
  source,
  by,
  sentByAssistant = false,
}: {
  source: CareRequestSource;
  by: string | null;
  sentByAssistant?: boolean;
}) {
  const { t } = useTranslation(['provider', 'provider-request']);
  if (source === 'opora') {
    return (
      <>
        {sentByAssistant
          ? t('provider-request:source.sentByAssistant', { source: t('source.opora'), name: by ?? '' })
          : t('source.opora')}
      </>
    );
  }
  return (
    <>{by ? t('source.enteredBy', { name: by, source: t(`source.${source}`) }) : t(`source.${source}`)}</>
  );
}

/** What was asked for: state, reason, service, facility, dates and the requester's message. */
export function RequestFacts({ request, headingId }: { request: ProviderCareRequest; headingId: string }) {
  const { t } = useTranslation(['provider-request', 'enums', 'catalogue']);
  const serviceTypeName = useServiceTypeName();
  const { locale } = useLocale();
  const { service } = request;
  return (
    <DetailCard id={headingId} title={t('facts.title')}>
      <FieldList>
        <Field label={t('facts.status')}>
          <CareRequestStatusBadge status={request.status} />
        </Field>
        {request.reason ? (
          <Field label={t('facts.reason')}>
            {t(`enums:careRequestDeclineReason.${request.reason}`)}
            {request.reasonText ? <span className={classes.preWrap}> – {request.reasonText}</span> : null}
          </Field>
        ) : null}
        <Field label={t('facts.code')}>{request.code}</Field>
        <Field label={t('facts.service')}>
          {service.name}
          <Text span c="dimmed" display="block" size="sm">
            {serviceTypeName(service.serviceType.code)} · {t(`catalogue:forms.${service.form}`)}
          </Text>
        </Field>
        <Field label={t('facts.facility')}>
          {service.facility.name}
          {service.facility.address ? (
            <Text span c="dimmed" display="block" size="sm">
              {formatAddress(service.facility.address)}
            </Text>
          ) : null}
        </Field>
        <Field label={t('facts.careFrom')}>
          {request.date ? formatDisplayDate(request.date) : <Dimmed>{t('facts.notGiven')}</Dimmed>}
        </Field>
        <Field label={t('facts.source')}>
          <RequestSource
            source={request.source}
            by={request.requester.fullName}
            sentByAssistant={request.sentByAssistant}
          />
        </Field>
        <Field label={t('facts.sent')}>{formatDateTime(request.createdDate, locale)}</Field>
        <Field label={t('facts.edited')}>{formatDateTime(request.editedDate, locale)}</Field>
        <Field label={t('facts.message')}>
          {request.message ? (
            <span className={classes.preWrap}>{request.message}</span>
          ) : (
            <Dimmed>{t('facts.noMessage')}</Dimmed>
          )}
        </Field>
      </FieldList>
    </DetailCard>
  );
}

/**
 * The need for care as the request carries it: the case, where each of its questionnaires stood when it
 * was sent (as the sender's review page listed them) and the family's own note; the answers themselves
 * are on the surveys tab (`onShowSurveys` leads there; the print layout has none).
 */
export function NeedCard({
  request,
  headingId,
  onShowSurveys,
}: {
  request: ProviderCareRequest;
  headingId: string;
  onShowSurveys?: () => void;
}) {
  const { t } = useTranslation(['provider-request', 'requests']);
  const notes = request.surveys.find((survey) => survey.type === 'case')?.answers[caseNotesQuestionName];
  return (
    <DetailCard id={headingId} title={t('need.title')}>
      <FieldList>
        <Field label={t('facts.case')}>{request.case.name}</Field>
        {request.case.surveys.map(({ type, state }) => (
          <Field key={type} label={t(`requests:caseSurveys.${type}`)}>
            {state === 'not-started' ? (
              <Dimmed>{t(`requests:caseSurveys.states.${state}`)}</Dimmed>
            ) : (
              t(`requests:caseSurveys.states.${state}`)
            )}
          </Field>
        ))}
        <Field label={t('need.notes')}>
          {typeof notes === 'string' && notes !== '' ? (
            <span className={classes.preWrap}>{notes}</span>
          ) : (
            <Dimmed>{t('need.noNotes')}</Dimmed>
          )}
        </Field>
      </FieldList>
      {onShowSurveys ? (
        <div>
          <Button
            variant="light"
            leftSection={<IconListDetails size={18} aria-hidden />}
            onClick={onShowSurveys}
          >
            {t('need.showSurveys')}
          </Button>
        </div>
      ) : null}
    </DetailCard>
  );
}

/**
 * The client as the request (or the record of care) shares them: who they are, where care is needed,
 * the people around them.
 */
export function ClientCard({
  client,
  headingId,
  title,
}: {
  client: CareRequestClient;
  headingId: string;
  /** The card's heading; "Client" by default. */
  title?: string;
}) {
  const { t } = useTranslation(['provider-request', 'enums']);
  const notGiven = <Dimmed>{t('client.notGiven')}</Dimmed>;
  const careAddress = client.serviceAddressDiffers ? client.serviceAddress : client.residence;
  const person = (value: typeof client.contactPerson) =>
    value
      ? [value.fullName, value.phone ? formatPhone(value.phone) : null].filter(Boolean).join(', ')
      : notGiven;
  return (
    <DetailCard id={headingId} title={title ?? t('client.title')}>
      <FieldList>
        <Field label={t('client.name')}>{client.fullName}</Field>
        <Field label={t('client.dateOfBirth')}>
          {client.dateOfBirth ? formatDisplayDate(client.dateOfBirth) : notGiven}
        </Field>
        {client.birthNumberMasked ? (
          <Field label={t('client.birthNumber')}>{client.birthNumberMasked}</Field>
        ) : null}
        <Field label={t('client.sex')}>{client.sex ? t(`enums:sex.${client.sex}`) : notGiven}</Field>
        <Field label={t('client.phone')}>
          {client.phone ? <a href={`tel:${client.phone}`}>{formatPhone(client.phone)}</a> : notGiven}
        </Field>
        <Field label={t('client.email')}>
          {client.email ? <a href={`mailto:${client.email}`}>{client.email}</a> : notGiven}
        </Field>
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
            notGiven
          )}
        </Field>
        <Field label={t('client.contactPerson')}>{person(client.contactPerson)}</Field>
        <Field label={t('client.attendingDoctor')}>{person(client.attendingDoctor)}</Field>
      </FieldList>
    </DetailCard>
  );
}

/**
 * The person who sent it. Their e-mail and phone come only with their consent to share them (the API
 * leaves them out otherwise): without it the card says they are not shared, not that they are missing.
 * None for a request the provider entered itself.
 */
export function RequesterCard({ request, headingId }: { request: ProviderCareRequest; headingId: string }) {
  const { t } = useTranslation(['provider-request', 'enums']);
  const { requester, client } = request;
  // A request the provider entered itself has no sender to contact: who entered it is in its facts.
  if (request.source !== 'opora') return null;
  const shared = request.providerConsentGrantedAt !== null;
  const withheld = <Dimmed>{t(shared ? 'client.notGiven' : 'requester.notShared')}</Dimmed>;
  // The API names a relationship only for a carer who owns the case; a client's own account (or an
  // assistant acting for them) has none, and the name tells the two apart.
  const sentByClient = client.isClient && requester.fullName === client.fullName;
  const relationship = relationshipTypeCodes.find((code) => code === requester.relationshipType);
  return (
    <DetailCard id={headingId} title={t('requester.title')}>
      {request.sentByAssistant ? (
        <Text className={classes.assistantNote}>
          {t('requester.sentByAssistant', { name: requester.fullName })}
        </Text>
      ) : null}
      <FieldList>
        <Field label={t('requester.name')}>{requester.fullName}</Field>
        <Field label={t('requester.relationship')}>
          {sentByClient
            ? t('requester.self')
            : relationship
              ? t(`enums:relationshipType.${relationship}`)
              : t('client.notGiven')}
        </Field>
        <Field label={t('requester.email')}>
          {requester.email ? <a href={`mailto:${requester.email}`}>{requester.email}</a> : withheld}
        </Field>
        <Field label={t('requester.phone')}>
          {requester.phone ? <a href={`tel:${requester.phone}`}>{formatPhone(requester.phone)}</a> : withheld}
        </Field>
        <Field label={t('requester.consent')}>
          {request.providerConsentGrantedAt
            ? t('requester.consentGiven', { date: formatInstantDate(request.providerConsentGrantedAt) })
            : t('requester.consentMissing')}
        </Field>
      </FieldList>
    </DetailCard>
  );
}
