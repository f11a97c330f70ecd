import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { formatDisplayDate, todayIsoDate } from '@opora/contracts';
import { IconAlertTriangle, IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { PlanPayButton } from './plan-pay-button.tsx';
import { useProviderPlan } from './provider-plan.ts';

/** Days from today (Prague) to an ISO date. */
function daysUntil(isoDate: string): number {
  return Math.round((Date.parse(isoDate) - Date.parse(todayIsoDate())) / 86_400_000);
}

/**
 * Across the provider area (decision 0098): an unlisted provider is told its services are hidden until
 * it pays, with the pay button for its administrator; in the last week of its free months, when they
 * end. Nothing while the plan is loading or fine (the bar below never moves).
 */
export function PlanBanner({ providerId }: { providerId: string }) {
  const { t } = useTranslation('provider-plan');
  const plan = useProviderPlan(providerId).data;
  if (!plan) return null;
  if (!plan.listed) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle size={24} aria-hidden />}
        title={t('banner.hidden.title')}
        mb="lg"
      >
        <Stack gap="sm" align="flex-start">
          <Text>{t('banner.hidden.text')}</Text>
          {plan.canPay ? (
            <PlanPayButton providerId={providerId} label={t('pay.now')} />
          ) : (
            <Group gap="sm">
              <Text fw={600}>{t('pay.askAdministrator')}</Text>
              <Button component={Link} to={paths.providerPlan.getHref()} variant="default">
                {t('banner.open')}
              </Button>
            </Group>
          )}
        </Stack>
      </Alert>
    );
  }
  const left = daysUntil(plan.trialEndDate);
  if (plan.state === 'trial' && !plan.renews && left <= 7) {
    return (
      <Alert color="yellow" variant="light" icon={<IconClock size={24} aria-hidden />} mb="lg">
        <Group gap="md" justify="space-between">
          <Text>{t('banner.trialEnding', { date: formatDisplayDate(plan.trialEndDate) })}</Text>
          <Button component={Link} to={paths.providerPlan.getHref()} variant="default">
            {t('banner.open')}
          </Button>
        </Group>
      </Alert>
    );
  }
  return null;
}
