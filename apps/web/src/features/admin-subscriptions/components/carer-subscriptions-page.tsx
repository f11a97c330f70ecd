import { Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import {
  type CarerPaymentsSummary,
  type CarerSubscription,
  type CarerSubscriptions,
  type FreePlanGrant,
  formatDisplayDate,
} from '@opora/contracts';
import { IconArrowLeft, IconGift, IconGiftOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs, useParams } from 'react-router';
import { Field, FieldList } from '@/components/ui/field-list.tsx';
import { isMissing, LoadError, LoadingState, NotFoundState } from '@/components/ui/page-states.tsx';
import { Section } from '@/components/ui/section.tsx';
import { paths } from '@/config/paths.ts';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { queryClient } from '@/lib/query-client.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { formatDateTime, formatInstantDate } from '@/shared-features/requests/dates.ts';
import { formatMoney } from '@/shared-features/services/format.ts';
import { monthlyPrice, planName } from '@/shared-features/subscriptions/plan-texts.ts';
import { carerSubscriptionsQueryOptions, useCarerSubscriptions } from '../api/get-carer-subscriptions.ts';
import { GrantFreePlanDialog, RevokeFreePlanDialog } from './free-plan-dialogs.tsx';
import classes from './subscriptions.module.css';

function BackToSearch() {
  const { t } = useTranslation('admin-subscriptions');
  return (
    <Anchor component={Link} to={paths.adminSubscriptions.getHref()} fw={600}>
      <Group gap={4} component="span" style={{ display: 'inline-flex' }}>
        <IconArrowLeft size={18} aria-hidden />
        {t('detail.back')}
      </Group>
    </Anchor>
  );
}

/**
 * `/admin/subscriptions/:userId` (issue 25 §4, decision 0129): the person, Opora's free plan (give it,
 * take it back), their subscriptions newest first and their payments in short. Each reading is audited.
 */
export function CarerSubscriptionsPage() {
  const { t } = useTranslation('admin-subscriptions');
  const { userId = '' } = useParams();
  const carer = useCarerSubscriptions(userId);
  usePageTitle(carer.data ? t('detail.documentTitle', { name: carer.data.user.name }) : null);

  if (carer.isError) {
    return isMissing(carer.error) ? (
      <NotFoundState title={t('detail.notFound.title')} text={t('detail.notFound.text')}>
        <BackToSearch />
      </NotFoundState>
    ) : (
      <Stack gap="lg" align="flex-start">
        <BackToSearch />
        <LoadError
          title={t('detail.error.title')}
          text={t('detail.error.text')}
          retryLabel={t('detail.error.retry')}
          retrying={carer.isFetching}
          onRetry={() => void carer.refetch()}
        />
      </Stack>
    );
  }
  if (!carer.data) {
    return (
      <LoadingState label={t('detail.loading')}>
        <Stack gap="md">
          <Skeleton height={40} width="50%" />
          <Skeleton height={320} radius="md" />
        </Stack>
      </LoadingState>
    );
  }
  return <CarerDetail carer={carer.data} onReload={() => void carer.refetch()} />;
}

function CarerDetail({ carer, onReload }: { carer: CarerSubscriptions; onReload: () => void }) {
  const { t } = useTranslation(['admin-subscriptions', 'common']);
  const { user } = carer;
  return (
    <Stack gap="lg">
      <BackToSearch />
      <Stack gap="xs">
        <Text c="dark.6" fw={600}>
          {t('common:routes.adminSubscription.title')}
        </Text>
        <Title order={1} className={classes.wrap}>
          {user.name || user.email}
        </Title>
        <Text className={classes.wrap}>{user.email}</Text>
        <Text size="sm" c="dark.6">
          {t('detail.registered', {
            date: formatInstantDate(user.registeredAt),
            language: t(`language.${user.locale}`),
          })}
        </Text>
      </Stack>
      <FreePlanSection carer={carer} onReload={onReload} />
      <SubscriptionsSection subscriptions={carer.subscriptions} />
      <PaymentsSection payments={carer.payments} />
    </Stack>
  );
}

/** The free plan from Opora that is live now, with its subscription. */
function liveGrantOf(carer: CarerSubscriptions) {
  const current = carer.subscriptions.find((subscription) => subscription.id === carer.currentId);
  return current?.grant && current.grant.revokedAt === null ? { current, grant: current.grant } : null;
}

/** The last day of a free plan, or that it lasts until taken back. */
function useUntilText() {
  const { t } = useTranslation('admin-subscriptions');
  return (grant: FreePlanGrant) =>
    grant.endsOn === null
      ? t('grant.untilRevoked')
      : t('grant.until', { date: formatDisplayDate(grant.endsOn) });
}

function FreePlanSection({ carer, onReload }: { carer: CarerSubscriptions; onReload: () => void }) {
  const { t } = useTranslation('admin-subscriptions');
  const plans = useTranslation('subscriptions').t;
  const { locale } = useLocale();
  const until = useUntilText();
  const [dialog, setDialog] = useState<'grant' | 'revoke' | null>(null);
  const live = liveGrantOf(carer);
  const current = carer.subscriptions.find((subscription) => subscription.id === carer.currentId) ?? null;
  const paid = current && !live && current.price.amountMinor > 0 ? current : null;
  const close = () => setDialog(null);

  return (
    <Section title={t('freePlan.title')} headingId="free-plan-title">
      {live ? (
        <>
          <Text fw={600}>{t('freePlan.live')}</Text>
          <FieldList>
            <Field label={t('grant.reason')}>{t(`reason.${live.grant.reason}`)}</Field>
            {live.grant.note ? (
              <Field label={t('grant.note')}>
                <span className={classes.text}>{live.grant.note}</span>
              </Field>
            ) : null}
            <Field label={t('freePlan.until')}>{until(live.grant)}</Field>
            <Field label={t('freePlan.grantedBy')}>
              {t('freePlan.byOn', {
                name: live.grant.grantedBy,
                date: formatDateTime(live.grant.grantedAt, locale),
              })}
            </Field>
          </FieldList>
          <Group>
            <Button
              variant="outline"
              color="red.9"
              leftSection={<IconGiftOff size={18} aria-hidden />}
              onClick={() => setDialog('revoke')}
            >
              {t('revoke.open')}
            </Button>
          </Group>
        </>
      ) : (
        <>
          <Text>
            {paid
              ? t('freePlan.paidLive', {
                  plan: planName(plans, paid.plan),
                  date: formatInstantDate(paid.currentPeriodEnd),
                })
              : t('freePlan.none')}
          </Text>
          <Group>
            <Button leftSection={<IconGift size={18} aria-hidden />} onClick={() => setDialog('grant')}>
              {t('grant.open')}
            </Button>
          </Group>
        </>
      )}
      <GrantFreePlanDialog
        carer={carer.user}
        opened={dialog === 'grant'}
        onClose={close}
        onStale={onReload}
      />
      <RevokeFreePlanDialog
        carer={carer.user}
        opened={dialog === 'revoke'}
        onClose={close}
        onStale={onReload}
      />
    </Section>
  );
}

function SubscriptionsSection({ subscriptions }: { subscriptions: readonly CarerSubscription[] }) {
  const { t } = useTranslation('admin-subscriptions');
  return (
    <Section
      title={t('subscriptions.title', { count: subscriptions.length })}
      headingId="subscriptions-title"
    >
      {subscriptions.length === 0 ? (
        <Text>{t('subscriptions.none')}</Text>
      ) : (
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
          {subscriptions.map((subscription) => (
            <SubscriptionCard key={subscription.id} subscription={subscription} />
          ))}
        </Stack>
      )}
    </Section>
  );
}

/** The end of a subscription's period; a free plan's own last day, or none while it lasts until revoked. */
function periodEndText(subscription: CarerSubscription, untilText: (grant: FreePlanGrant) => string) {
  if (subscription.grant && subscription.grant.revokedAt === null) return untilText(subscription.grant);
  return formatInstantDate(subscription.currentPeriodEnd);
}

function SubscriptionCard({ subscription }: { subscription: CarerSubscription }) {
  const { t } = useTranslation('admin-subscriptions');
  const plans = useTranslation('subscriptions').t;
  const { locale } = useLocale();
  const until = useUntilText();
  const { grant } = subscription;
  const headingId = `subscription-${subscription.id}`;
  return (
    <Paper component="li" withBorder radius="md" p="md" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group gap="sm">
          <Title order={3} size="h4" id={headingId}>
            {t('subscriptions.plan', { plan: planName(plans, subscription.plan) })}
          </Title>
          <Badge variant="light" color={subscription.live ? 'opora' : 'gray'} c="gray.9" tt="none">
            {plans(`status.${subscription.status}`)}
          </Badge>
          {subscription.live ? (
            <Badge variant="outline" color="teal.9" tt="none">
              {t('subscriptions.current')}
            </Badge>
          ) : null}
        </Group>
        <FieldList>
          <Field label={t('subscriptions.price')}>{monthlyPrice(plans, subscription.price, locale)}</Field>
          <Field label={t('subscriptions.period')}>
            {t('subscriptions.from', {
              start: formatInstantDate(subscription.startedAt),
              end: periodEndText(subscription, until),
            })}
          </Field>
          <Field label={t('subscriptions.renewal')}>
            {subscription.renews ? t('subscriptions.renews') : t('subscriptions.noRenewal')}
          </Field>
          {subscription.cancelledAt ? (
            <Field label={t('subscriptions.cancelledAt')}>
              {formatDateTime(subscription.cancelledAt, locale)}
            </Field>
          ) : null}
          {subscription.endedAt ? (
            <Field label={t('subscriptions.endedAt')}>{formatDateTime(subscription.endedAt, locale)}</Field>
          ) : null}
          <Field label={t('subscriptions.gateway')}>{subscription.gateway}</Field>
          {grant ? (
            <Field label={t('subscriptions.grant')}>
              <span className={classes.text}>
                {t(`reason.${grant.reason}`)}
                {grant.note ? `: ${grant.note}` : ''}
              </span>
              <br />
              {t('freePlan.byOn', { name: grant.grantedBy, date: formatDateTime(grant.grantedAt, locale) })}
              {grant.revokedAt ? (
                <>
                  <br />
                  <span className={classes.text}>
                    {t('subscriptions.revoked', {
                      name: grant.revokedBy ?? '–',
                      date: formatDateTime(grant.revokedAt, locale),
                      reason: grant.revokeReason ?? '–',
                    })}
                  </span>
                </>
              ) : null}
            </Field>
          ) : null}
        </FieldList>
      </Stack>
    </Paper>
  );
}

function PaymentsSection({ payments }: { payments: CarerPaymentsSummary }) {
  const { t } = useTranslation('admin-subscriptions');
  const { locale } = useLocale();
  const totals = payments.paidTotals.map((total) => formatMoney(total, locale)).join(', ');
  return (
    <Section title={t('payments.title')} headingId="payments-title">
      <FieldList>
        <Field label={t('payments.paid')}>{t('payments.count', { count: payments.paidCount })}</Field>
        <Field label={t('payments.failed')}>{t('payments.count', { count: payments.failedCount })}</Field>
        <Field label={t('payments.total')}>{totals || t('payments.nothing')}</Field>
        <Field label={t('payments.lastPaidAt')}>
          {payments.lastPaidAt ? formatDateTime(payments.lastPaidAt, locale) : t('payments.never')}
        </Field>
      </FieldList>
      {payments.recent.length === 0 ? (
        <Text c="dark.6">{t('payments.none')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table striped>
            <Table.Caption>{t('payments.recent', { count: payments.recent.length })}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('payments.at')}</Table.Th>
                <Table.Th scope="col">{t('payments.kind')}</Table.Th>
                <Table.Th scope="col">{t('payments.status')}</Table.Th>
                <Table.Th scope="col">{t('payments.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {payments.recent.map((payment) => (
                <Table.Tr key={payment.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(payment.at, locale)}</Table.Td>
                  <Table.Td>{t(`payments.kinds.${payment.kind}`)}</Table.Td>
                  <Table.Td>{t(`payments.statuses.${payment.status}`)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMoney(payment, locale)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}

/** The route's loader calls it (app/router.tsx): the person is read with the page's code. */
export function prefetch(args: LoaderFunctionArgs): void {
  const { userId } = args.params;
  if (userId) void queryClient.prefetchQuery(carerSubscriptionsQueryOptions(userId));
}
