import { Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { formatDisplayDate, type Subscription } from '@opora/contracts';
import { IconAlertTriangle, IconCalendarEvent, IconLayoutDashboard, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { confirm } from '@/components/overlays/confirm.tsx';
import { toast } from '@/components/overlays/toast.tsx';
import { AsyncButton, mutationOutcome } from '@/components/ui/async-button.tsx';
import { LoadError, LoadingState } from '@/components/ui/page-states.tsx';
import { WarningAlert } from '@/components/ui/warning-alert.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { apiErrorMessageKeys } from '@/lib/api-error-message.ts';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { planName, priceWithVat } from '@/shared-features/subscriptions/plan-texts.ts';
import { currentSubscriptionQueryOptions } from '@/shared-features/subscriptions/subscription-queries.ts';
import { useCancelSubscription } from '../api/cancel-subscription.ts';

type SubscriptionsT = ReturnType<typeof useTranslation<['subscriptions', 'errors']>>['t'];

/** The status as a person reads it: active, waiting for a payment, or cancelled (the end date follows). */
function statusBadge(t: SubscriptionsT, subscription: Subscription): { label: string; color: string } {
  if (!subscription.renews) return { label: t('status.cancelled'), color: 'gray' };
  if (subscription.status === 'past-due') return { label: t('status.past-due'), color: 'yellow' };
  return {
    label: t(`status.${subscription.status}`),
    color: subscription.status === 'active' ? 'opora' : 'gray',
  };
}

/**
 * The profile's subscription (SPEC §1, DOMAIN "hard to cancel"): the plan, its status and monthly price
 * with VAT, the day it renews or ends, a failed renewal said plainly, and cancelling in one click
 * (confirmed once) — after which the day it ends is shown and a toast says an e-mail confirms it.
 */
export function SubscriptionSection() {
  const { t } = useTranslation(['subscriptions', 'errors']);
  const { locale } = useLocale();
  const current = useQuery(currentSubscriptionQueryOptions());
  const cancel = useCancelSubscription();

  if (current.isError) {
    return (
      <LoadError
        title={t('profile.error.title')}
        text={t('profile.error.text')}
        retryLabel={t('profile.error.retry')}
        retrying={current.isFetching}
        onRetry={() => void current.refetch()}
      />
    );
  }
  if (!current.data) {
    return (
      <LoadingState label={t('profile.loading')}>
        <Skeleton height={120} />
      </LoadingState>
    );
  }

  const subscription = current.data.subscription;
  if (!subscription) {
    return (
      <Stack gap="sm" align="flex-start">
        <Text>{t('profile.none')}</Text>
        <Button
          component={Link}
          to={paths.dashboard.getHref()}
          variant="default"
          leftSection={<IconLayoutDashboard size={20} aria-hidden />}
        >
          {t('profile.choose')}
        </Button>
      </Stack>
    );
  }

  if (subscription.grantedFree) {
    const until = subscription.grantedFree.endsOn;
    return (
      <Stack gap="sm" align="flex-start">
        <Group gap="sm">
          <Text fw={700} size="lg">
            {t('profile.plan', { plan: planName(t, subscription.type.code) })}
          </Text>
          <Badge color="opora" variant="light" size="lg" tt="none" c="gray.9">
            {t('status.active')}
          </Badge>
        </Group>
        <Text fw={600}>{t('profile.grantedFree.title')}</Text>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconCalendarEvent size={20} aria-hidden style={{ flex: 'none', marginTop: 3 }} />
          <Text>
            {until === null
              ? t('profile.grantedFree.untilRevoked')
              : t('profile.grantedFree.until', { date: formatDisplayDate(until) })}
          </Text>
        </Group>
      </Stack>
    );
  }

  const date = formatDisplayDate(subscription.endDate);
  const badge = statusBadge(t, subscription);
  const cancelSubscription = async () => {
    const confirmed = await confirm({
      title: t('profile.confirm.title'),
      message: t('profile.confirm.message', { date }),
      confirmLabel: t('profile.confirm.action'),
      cancelLabel: t('profile.confirm.keep'),
    });
    if (!confirmed) return;
    cancel.mutate(undefined, {
      onSuccess: (result) => {
        const ends = result.subscription ? formatDisplayDate(result.subscription.endDate) : date;
        toast.success(t('profile.cancelled', { date: ends }));
      },
      onError: (error) =>
        toast.error(error instanceof ApiError ? t(apiErrorMessageKeys(error)) : t('errors:unknown')),
    });
  };

  return (
    <Stack gap="sm" align="flex-start">
      <Group gap="sm">
        <Text fw={700} size="lg">
          {t('profile.plan', { plan: planName(t, subscription.type.code) })}
        </Text>
        <Badge color={badge.color} variant="light" size="lg" tt="none" c="gray.9">
          {badge.label}
        </Badge>
      </Group>
      <Text>{priceWithVat(t, subscription.price, locale)}</Text>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <IconCalendarEvent size={20} aria-hidden style={{ flex: 'none', marginTop: 3 }} />
        <Text fw={600}>
          {subscription.renews ? t('profile.renewsOn', { date }) : t('profile.endsOn', { date })}
        </Text>
      </Group>
      <Text>{subscription.renews ? t('profile.renewsText') : t('profile.endsText', { date })}</Text>
      {subscription.status === 'past-due' ? (
        <WarningAlert
          role="note"
          w="100%"
          icon={<IconAlertTriangle aria-hidden />}
          title={t('profile.pastDue.title')}
        >
          {t('profile.pastDue.text')}
        </WarningAlert>
      ) : null}
      {subscription.renews ? (
        <AsyncButton
          variant="default"
          busy={cancel.isPending}
          outcome={mutationOutcome(cancel)}
          leftSection={<IconX size={20} aria-hidden />}
          onClick={() => void cancelSubscription()}
        >
          {t('profile.cancel')}
        </AsyncButton>
      ) : null}
    </Stack>
  );
}
