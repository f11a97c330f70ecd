import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { AssistantOfferItem } from '@opora/contracts';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconDiscountCheck,
  IconExternalLink,
  IconForms,
  IconPhoneCall,
  IconSend,
} from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { wrappingButton } from '@/components/ui/wrapping-button.ts';
import { paths } from '@/config/paths.ts';
import { formatPhone } from '@/lib/format.ts';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { useServiceTypeName } from '@/lib/reference-data/use-service-type-name.ts';
import { capacityText } from '@/shared-features/services/service-capacity.ts';
import classes from './assistants.module.css';
import { Section } from './section.tsx';

/**
 * The client's recommended services, whom the assistant calls: each with its provider, whether Opora
 * verified it, its capacity, the provider's public phone and a way to its page (the other contacts),
 * and while the task is open "Log a call" and — for a verified provider not yet requested — "Send a
 * request for the client", disabled with the reason where the service asks its own questionnaire
 * (only the carer can send that one).
 */
export function ServiceOffer({
  offer,
  open,
  onLogCall,
  onSendRequest,
}: {
  offer: readonly AssistantOfferItem[];
  /** The task is open: its actions are offered. */
  open: boolean;
  onLogCall: (service: AssistantOfferItem) => void;
  onSendRequest: (service: AssistantOfferItem) => void;
}) {
  const { t } = useTranslation('admin-assistants');
  return (
    <Section title={t('offer.title')} headingId="task-offer">
      {offer.length === 0 ? (
        <Text>{t('offer.empty')}</Text>
      ) : (
        <>
          <Text size="sm" c="dark.6">
            {t('offer.intro')}
          </Text>
          <ul className={classes.plainList}>
            {offer.map((service) => (
              <OfferedService
                key={service.id}
                service={service}
                open={open}
                onLogCall={() => onLogCall(service)}
                onSendRequest={() => onSendRequest(service)}
              />
            ))}
          </ul>
        </>
      )}
    </Section>
  );
}

function OfferedService({
  service,
  open,
  onLogCall,
  onSendRequest,
}: {
  service: AssistantOfferItem;
  open: boolean;
  onLogCall: () => void;
  onSendRequest: () => void;
}) {
  const { t } = useTranslation(['admin-assistants', 'catalogue']);
  const { t: catalogue } = useTranslation('catalogue');
  const serviceTypeName = useServiceTypeName();
  const { locale } = useLocale();
  const reasonId = useId();
  const verified = service.provider.verified;
  const requested = service.flags.alreadyRequested;
  const carersOnly = service.needsCarerQuestionnaire;
  const where = [service.facility.name, service.facility.county?.name].filter(Boolean).join(', ');
  const names = { provider: service.provider.name, service: service.name };
  return (
    <Paper component="li" withBorder radius="sm" p="md">
      <Stack gap="xs">
        <Stack gap={0}>
          <Title order={3} size="h4" className={classes.wrap}>
            {service.name}
          </Title>
          <Text fw={600} className={classes.wrap}>
            {service.provider.name}
          </Text>
          <Text size="sm" c="dark.6" className={classes.wrap}>
            {serviceTypeName(service.serviceType.code)} · {t(`catalogue:forms.${service.form}`)} · {where}
          </Text>
        </Stack>
        <Group gap="xs">
          {verified ? (
            <Badge
              variant="light"
              color="teal"
              c="opora.9"
              size="md"
              tt="none"
              radius="sm"
              leftSection={<IconDiscountCheck size={14} aria-hidden />}
            >
              {t('catalogue:badges.verified')}
            </Badge>
          ) : (
            <Badge
              variant="light"
              color="yellow"
              c="gray.9"
              size="md"
              tt="none"
              radius="sm"
              leftSection={<IconAlertTriangle size={14} aria-hidden />}
              style={{ height: 'auto', whiteSpace: 'normal' }}
            >
              {t('offer.notVerified')}
            </Badge>
          )}
          {requested ? (
            <Badge
              variant="light"
              color="blue"
              c="blue.9"
              size="md"
              tt="none"
              radius="sm"
              leftSection={<IconCircleCheck size={14} aria-hidden />}
            >
              {t('offer.alreadyRequested')}
            </Badge>
          ) : null}
          {carersOnly ? (
            <Badge
              variant="light"
              color="violet"
              c="violet.9"
              size="md"
              tt="none"
              radius="sm"
              leftSection={<IconForms size={14} aria-hidden />}
              style={{ height: 'auto', whiteSpace: 'normal' }}
            >
              {t('offer.needsQuestionnaire')}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm">
          <Text span fw={600} inherit>
            {t('offer.phone')}:
          </Text>{' '}
          {service.phone ? (
            <>
              <Anchor
                href={`tel:${service.phone.number}`}
                inherit
                className={classes.phone}
                aria-label={t('offer.callLabel', {
                  provider: service.provider.name,
                  phone: formatPhone(service.phone.number),
                })}
              >
                {formatPhone(service.phone.number)}
              </Anchor>
              {service.phone.contactName ? (
                <span className={classes.wrap}> ({service.phone.contactName})</span>
              ) : null}
            </>
          ) : (
            t('offer.noPhone')
          )}
        </Text>
        <Text size="sm">
          <Text span fw={600} inherit>
            {t('catalogue:capacity.label')}:
          </Text>{' '}
          {capacityText(catalogue, service.capacity, locale)}
        </Text>
        <Anchor
          href={paths.anonNewClientServiceDetail.getHref({ serviceId: service.id }, { tab: 'provider' })}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
        >
          {t('offer.servicePage')}
          <IconExternalLink
            size={16}
            aria-hidden
            style={{ marginInlineStart: 4, verticalAlign: 'text-bottom' }}
          />
          <span className="visually-hidden"> ({t('catalogue:opensInNewTab')})</span>
        </Anchor>
        {open ? (
          <Group gap="sm" mt={4}>
            <Button
              {...wrappingButton}
              variant="default"
              leftSection={<IconPhoneCall size={18} aria-hidden />}
              aria-label={t('offer.logCallLabel', names)}
              onClick={onLogCall}
            >
              {t('offer.logCall')}
            </Button>
            {verified && !requested ? (
              <Button
                {...wrappingButton}
                leftSection={<IconSend size={18} aria-hidden />}
                aria-label={t('offer.sendRequestLabel', names)}
                onClick={onSendRequest}
                disabled={carersOnly}
                aria-describedby={carersOnly ? reasonId : undefined}
              >
                {t('offer.sendRequest')}
              </Button>
            ) : null}
          </Group>
        ) : null}
        {open && verified && !requested && carersOnly ? (
          <Text id={reasonId} size="sm" c="dark.6">
            {t('offer.needsQuestionnaireReason')}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
