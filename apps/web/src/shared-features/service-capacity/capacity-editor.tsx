import { Badge, Card, Group, NumberInput, Stack, Switch, Text, Title } from '@mantine/core';
import {
  maxFreePlaces,
  maxWaitingWeeks,
  type ProviderCapacityUpdate,
  type ProviderServiceCapacity,
} from '@opora/contracts';
import { IconAlertTriangle, IconCircleCheck, IconDeviceFloppy, IconDoorOff } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/overlays/toast.tsx';
import { AsyncButton } from '@/components/ui/async-button.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { apiErrorMessageKeys } from '@/lib/api-error-message.ts';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { capacityText, relativeTimeText } from '../services/service-capacity.ts';
import { useUpdateServiceCapacity } from './api.ts';
import classes from './service-capacity.module.css';

type Draft = { acceptingClients: boolean; freePlaces: number | ''; waitingWeeks: number | '' };

const draftOf = (capacity: ProviderServiceCapacity): Draft => ({
  acceptingClients: capacity.acceptingClients ?? true,
  freePlaces: capacity.freePlaces ?? '',
  waitingWeeks: capacity.waitingWeeks ?? '',
});

const numberOrNull = (value: number | '') => (value === '' ? null : value);

function StatusBadges({ capacity }: { capacity: ProviderServiceCapacity }) {
  const { t } = useTranslation('provider-capacity');
  const stated =
    capacity.acceptingClients === null ? (
      <Badge color="gray" variant="light">
        {t('card.notStated')}
      </Badge>
    ) : capacity.acceptingClients ? (
      // Teal's own text on its light background is below 4.5:1 (axe); the brand's darkest shade is not.
      <Badge color="teal" variant="light" c="opora.9">
        {t('card.accepting')}
      </Badge>
    ) : (
      <Badge color="red" variant="light">
        {t('card.full')}
      </Badge>
    );
  return (
    <Group gap="xs">
      {stated}
      {capacity.stale ? (
        <Badge color="#9c3500" variant="filled" leftSection={<IconAlertTriangle size={14} aria-hidden />}>
          {t('card.stale')}
        </Badge>
      ) : null}
    </Group>
  );
}

/**
 * One service's capacity with its one-click actions ("still accurate", "full") and the places, wait
 * and accepting switch edited in place. A stale capacity (never confirmed, or over 30 days ago) is
 * highlighted. `title` names the service where the surrounding page does not.
 */
export function CapacityEditor({
  providerId,
  capacity,
  headingOrder = 3,
  showServiceName = true,
}: {
  providerId: string;
  capacity: ProviderServiceCapacity;
  headingOrder?: 2 | 3 | 4;
  showServiceName?: boolean;
}) {
  const { t } = useTranslation(['provider-capacity', 'catalogue', 'errors']);
  const { t: tCatalogue } = useTranslation('catalogue');
  const { locale } = useLocale();
  const update = useUpdateServiceCapacity(providerId, capacity.serviceId);
  const [draft, setDraft] = useState<Draft>(() => draftOf(capacity));
  const [pending, setPending] = useState<ProviderCapacityUpdate['action'] | null>(null);
  // A new answer (this card's update, or another's) replaces what is typed.
  useEffect(() => setDraft(draftOf(capacity)), [capacity]);

  const run = async (body: ProviderCapacityUpdate, done: string) => {
    setPending(body.action);
    try {
      await update.mutateAsync(body);
      toast.success(done);
    } catch (error) {
      toast.error(error instanceof ApiError ? t(apiErrorMessageKeys(error)) : t('errors:unknown'));
    } finally {
      setPending(null);
    }
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    void run(
      {
        action: 'set',
        acceptingClients: draft.acceptingClients,
        freePlaces: numberOrNull(draft.freePlaces),
        waitingWeeks: numberOrNull(draft.waitingWeeks),
      },
      t('card.saved'),
    );
  };

  const when = capacity.confirmedAt
    ? relativeTimeText(new Date(capacity.confirmedAt), new Date(), locale)
    : null;
  const confirmed = when
    ? capacity.confirmedBy
      ? t('card.confirmedBy', { name: capacity.confirmedBy, when })
      : t('card.confirmedWhen', { when })
    : t('card.neverConfirmed');
  const publicText = capacityText(
    tCatalogue,
    {
      status: capacity.status,
      freePlaces: capacity.status === 'unknown' ? null : capacity.freePlaces,
      waitingWeeks: capacity.status === 'unknown' ? null : capacity.waitingWeeks,
      confirmedAt: capacity.confirmedAt,
    },
    locale,
  );
  const headingId = `capacity-${capacity.serviceId}`;

  return (
    <Card
      component="section"
      withBorder
      radius="md"
      padding="md"
      aria-labelledby={headingId}
      className={capacity.stale ? `${classes.card} ${classes.stale}` : classes.card}
      data-stale={capacity.stale || undefined}
    >
      <Stack gap="sm">
        <Stack gap={4}>
          <Title order={headingOrder} size="h4" id={headingId}>
            {showServiceName ? capacity.serviceName : t('card.title')}
          </Title>
          <StatusBadges capacity={capacity} />
          <Text size="sm" c="dimmed">
            {confirmed}
          </Text>
          <Text size="sm">{t('card.publicNote', { text: publicText })}</Text>
        </Stack>
        <Group gap="sm">
          <AsyncButton
            variant="light"
            leftSection={<IconCircleCheck size={18} aria-hidden />}
            busy={pending === 'confirm'}
            disabled={capacity.acceptingClients === null || (pending !== null && pending !== 'confirm')}
            onClick={() => void run({ action: 'confirm' }, t('card.confirmedToast'))}
          >
            {t('card.confirm')}
          </AsyncButton>
          <AsyncButton
            variant="default"
            leftSection={<IconDoorOff size={18} color="var(--mantine-color-red-8)" aria-hidden />}
            busy={pending === 'full'}
            disabled={pending !== null && pending !== 'full'}
            onClick={() => void run({ action: 'full' }, t('card.saved'))}
          >
            {t('card.markFull')}
          </AsyncButton>
        </Group>
        <form onSubmit={save} noValidate className={classes.form}>
          <Switch
            label={t('card.acceptingSwitch')}
            checked={draft.acceptingClients}
            onChange={(event) => {
              const acceptingClients = event.currentTarget.checked;
              setDraft((current) => ({ ...current, acceptingClients }));
            }}
            className={classes.switch}
          />
          <NumberInput
            label={t('card.freePlaces')}
            min={0}
            max={maxFreePlaces}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="strict"
            value={draft.freePlaces}
            onChange={(value) =>
              setDraft((current) => ({ ...current, freePlaces: typeof value === 'number' ? value : '' }))
            }
            className={classes.number}
          />
          <NumberInput
            label={t('card.waitingWeeks')}
            min={0}
            max={maxWaitingWeeks}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="strict"
            value={draft.waitingWeeks}
            onChange={(value) =>
              setDraft((current) => ({ ...current, waitingWeeks: typeof value === 'number' ? value : '' }))
            }
            className={classes.number}
          />
          <AsyncButton
            type="submit"
            leftSection={<IconDeviceFloppy size={18} aria-hidden />}
            busy={pending === 'set'}
            disabled={pending !== null && pending !== 'set'}
            className={classes.save}
          >
            {t('card.save')}
          </AsyncButton>
        </form>
      </Stack>
    </Card>
  );
}
