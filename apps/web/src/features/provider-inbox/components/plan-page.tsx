import { Alert, Badge, Button, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import {
  formatDisplayDate,
  type ProviderPlan,
  type ProviderPlanPayment,
  type ProviderPlanState,
  todayIsoDate,
} from '@opora/contracts';
import { IconCircleCheck, IconClock, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, useSearchParams } from 'react-router';
import { LoadError, LoadingState } from '@/components/ui/page-states.tsx';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { PlanPayButton } from '@/shared-features/provider-area/plan-pay-button.tsx';
import { prefetchProviderArea } from '@/shared-features/provider-area/prefetch.ts';
import { ProviderArea, useActingProvider } from '@/shared-features/provider-area/provider-area.tsx';
import {
  type PaymentWait,
  paymentWait,
  useAwaitedProviderPlan,
} from '@/shared-features/provider-area/provider-plan.ts';
import { formatMoney, formatPercent } from '@/shared-features/services/format.ts';
import classes from './plan-page.module.css';

/**
 * `/provider/plan` (decision 0097): the provider's free months, monthly price with VAT, payment.
 * `wait`: how long a payment back from the gateway is awaited (shorter in tests).
 */
export function PlanPage({ wait = paymentWait }: { wait?: PaymentWait }) {
  return (
    <ProviderArea section="plan">
      <Plan wait={wait} />
    </ProviderArea>
  );
}

/** A badge's colour per state. */
const stateColors: Record<ProviderPlanState, string> = {
  trial: 'blue.8',
  active: 'teal.9',
  grace: 'yellow.4',
  unpaid: 'red.8',
};

function Plan({ wait }: { wait: PaymentWait }) {
  const { t } = useTranslation(['provider-plan', 'common']);
  const acting = useActingProvider();
  const [search] = useSearchParams();
  // Back from the payment gateway (`?checkout=`): its signed answer may still be on its way.
  const returned = search.has('checkout');
  const { plan, stillWaiting, checkAgain } = useAwaitedProviderPlan(acting.providerId, returned, wait);

  return (
    <Stack gap="lg" className={classes.page}>
      <Stack gap={4}>
        <Title order={1}>{t('common:routes.providerPlan.title')}</Title>
        <Text size="lg">{t('intro')}</Text>
      </Stack>
      {plan.isError ? (
        <LoadError
          title={t('error.title')}
          text={t('error.text')}
          retryLabel={t('error.retry')}
          retrying={plan.isFetching}
          onRetry={() => void plan.refetch()}
        />
      ) : plan.data ? (
        <PlanBody
          plan={plan.data}
          returned={returned}
          stillWaiting={stillWaiting}
          checking={plan.isFetching}
          onCheckAgain={checkAgain}
        />
      ) : (
        <LoadingState label={t('loading')}>
          <Stack gap="lg">
            <Skeleton height={260} radius="md" />
            <Skeleton height={160} radius="md" />
          </Stack>
        </LoadingState>
      )}
    </Stack>
  );
}

function PlanBody({
  plan,
  returned,
  stillWaiting,
  checking,
  onCheckAgain,
}: {
  plan: ProviderPlan;
  returned: boolean;
  /** Back from the gateway, and its answer still not in after the page stopped asking. */
  stillWaiting: boolean;
  checking: boolean;
  onCheckAgain: () => void;
}) {
  const { t } = useTranslation('provider-plan');
  const { locale } = useLocale();
  const price = formatMoney(plan.price, locale);
  const vat = formatPercent(plan.price.vatRatePercent, locale);
  const trialEnd = formatDisplayDate(plan.trialEndDate);
  const paidUntil = plan.paidUntilDate ? formatDisplayDate(plan.paidUntilDate) : null;
  const summary = {
    trial: plan.renews
      ? t('state.trialPaid', { date: trialEnd, paidUntil })
      : t('state.trialText', { date: trialEnd, price }),
    active: plan.renews
      ? t('state.activeText', { date: paidUntil })
      : t('state.activeEnding', { date: paidUntil }),
    grace: t('state.graceText', { date: paidUntil }),
    unpaid: t('state.unpaidText'),
  }[plan.state];

  return (
    <>
      {returned && plan.renews ? (
        <Alert color="green" variant="light" icon={<IconCircleCheck size={24} aria-hidden />} role="status">
          {t('returned.paid')}
        </Alert>
      ) : returned ? (
        <Alert color="blue" variant="light" icon={<IconClock size={24} aria-hidden />} role="status">
          {stillWaiting ? (
            <Stack gap="sm" align="flex-start">
              <Text>{t('returned.stillWaiting')}</Text>
              <Button
                variant="default"
                leftSection={<IconRefresh size={20} aria-hidden />}
                loading={checking}
                onClick={onCheckAgain}
              >
                {t('returned.checkAgain')}
              </Button>
            </Stack>
          ) : (
            t('returned.waiting')
          )}
        </Alert>
      ) : null}
      <Paper
        withBorder
        radius="md"
        p="lg"
        className={plan.state === 'unpaid' ? classes.unpaid : undefined}
        aria-labelledby="plan-state"
      >
        <Stack gap="md" align="flex-start">
          {/* Filled in shades whose text (white, or black on yellow) passes WCAG AA contrast. */}
          <Badge color={stateColors[plan.state]} size="lg" variant="filled" tt="none" autoContrast>
            {t(`state.${plan.state}`)}
          </Badge>
          <Title order={2} id="plan-state" size="h3">
            {plan.state === 'trial'
              ? t('state.trialTitle', { date: trialEnd })
              : t(`state.${plan.state}Title`)}
          </Title>
          <Text size="lg">{summary}</Text>
          {plan.state === 'unpaid' ? <Text>{t('state.unpaidKept')}</Text> : null}
          <dl className={classes.facts}>
            <dt>{t('facts.price')}</dt>
            <dd>
              <Text span fw={700} size="xl">
                {t('facts.perMonth', { price })}
              </Text>{' '}
              <Text span c="dimmed">
                {t('facts.vat', { rate: vat })}
              </Text>
            </dd>
            <dt>{t('facts.trialEnd')}</dt>
            <dd>{trialEnd}</dd>
            <dt>{t('facts.paidUntil')}</dt>
            <dd>{paidUntil ?? t('facts.none')}</dd>
            <dt>{t('facts.listing')}</dt>
            <dd>{plan.listed ? t('facts.listed') : t('facts.hidden')}</dd>
          </dl>
          {plan.canPay ? (
            <Stack gap={4} align="flex-start">
              <PlanPayButton
                providerId={plan.providerId}
                label={plan.state === 'trial' ? t('pay.setUp') : t('pay.now')}
              />
              <Text size="sm" c="dimmed">
                {plan.state === 'trial' ? t('pay.setUpNote', { date: trialEnd }) : t('pay.nowNote')}
              </Text>
            </Stack>
          ) : plan.renews ? (
            <Text>{t('pay.renews')}</Text>
          ) : (
            <Text fw={600}>{t('pay.askAdministrator')}</Text>
          )}
        </Stack>
      </Paper>
      <Payments payments={plan.payments} />
    </>
  );
}

function Payments({ payments }: { payments: readonly ProviderPlanPayment[] }) {
  const { t } = useTranslation('provider-plan');
  const { locale } = useLocale();
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t('payments.title')}
      </Title>
      {payments.length === 0 ? (
        <Text c="dimmed">{t('payments.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('payments.date')}</Table.Th>
                <Table.Th scope="col">{t('payments.period')}</Table.Th>
                <Table.Th scope="col">{t('payments.amount')}</Table.Th>
                <Table.Th scope="col">{t('payments.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {payments.map((payment) => (
                <Table.Tr key={payment.id}>
                  <Table.Td>
                    {formatDisplayDate(todayIsoDate(new Date(payment.paidAt ?? payment.createdAt)))}
                  </Table.Td>
                  <Table.Td>
                    {t('payments.until', { date: formatDisplayDate(payment.periodEndDate) })}
                  </Table.Td>
                  <Table.Td>
                    {formatMoney(payment.price, locale)}{' '}
                    <Text span size="sm" c="dimmed">
                      {t('facts.vat', { rate: formatPercent(payment.price.vatRatePercent, locale) })}
                    </Text>
                  </Table.Td>
                  <Table.Td>{t(`payments.statuses.${payment.status}`)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/** The route's loader calls it (app/router.tsx): the area's reads, the plan among them, start together. */
export function prefetch(args: LoaderFunctionArgs): void {
  prefetchProviderArea(args);
}
