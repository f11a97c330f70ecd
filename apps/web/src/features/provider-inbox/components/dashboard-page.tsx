import { SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ProviderMembership } from '@opora/contracts';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, useSearchParams } from 'react-router';
import { LoadError, LoadingState } from '@/components/ui/page-states.tsx';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { prefetchProviderArea } from '@/shared-features/provider-area/prefetch.ts';
import { ProviderArea, useActingProvider } from '@/shared-features/provider-area/provider-area.tsx';
import { type DashboardDays, useProviderDashboard } from '../api/dashboard.ts';
import classes from './dashboard.module.css';
import { DashboardFigures } from './dashboard-figures.tsx';

const periods = ['30', '90'] as const satisfies readonly DashboardDays[];

/** The period in the address (`?days=90`); 30 days, the default, leaves it out. */
function readDays(search: URLSearchParams): DashboardDays {
  return search.get('days') === '90' ? '90' : '30';
}

/** `/provider/dashboard` (issue 13 §4): counts by status, time to first answer, outcomes by reason. */
export function DashboardPage() {
  return (
    <ProviderArea section="dashboard">
      <Dashboard />
    </ProviderArea>
  );
}

/** Whose requests the figures count: a worker's are their facilities' and those assigned to them. */
function ScopeNote({ acting }: { acting: ProviderMembership }) {
  const { t } = useTranslation('provider-dashboard');
  const { locale } = useLocale();
  const seesAll = acting.roles.some((role) => role !== 'providerUser');
  if (seesAll) return <Text c="dimmed">{t('scope.provider')}</Text>;
  if (acting.facilities.length === 0) return <Text c="dimmed">{t('scope.assigned')}</Text>;
  const facilities = new Intl.ListFormat(locale, { type: 'conjunction' }).format(
    acting.facilities.map((facility) => facility.name),
  );
  return <Text c="dimmed">{t('scope.facilities', { facilities })}</Text>;
}

function Dashboard() {
  const { t } = useTranslation(['provider-dashboard', 'common']);
  const acting = useActingProvider();
  const [search, setSearch] = useSearchParams();
  const days = readDays(search);
  const dashboard = useProviderDashboard(acting.providerId, days);

  const choosePeriod = (value: string) => {
    const next = new URLSearchParams(search);
    if (value === '90') next.set('days', value);
    else next.delete('days');
    setSearch(next, { replace: true, preventScrollReset: true });
  };

  return (
    <Stack gap="lg">
      <div className={classes.header}>
        <Stack gap={4}>
          <Title order={1} className={classes.title}>
            {t('common:routes.providerDashboard.title')}
          </Title>
          <Text size="lg">{t('intro')}</Text>
          <ScopeNote acting={acting} />
        </Stack>
        <div className={classes.period}>
          <Text id="dashboard-period" fw={600} size="sm">
            {t('period.label')}
          </Text>
          <SegmentedControl
            aria-labelledby="dashboard-period"
            color="opora"
            className={classes.periodControl}
            value={days}
            onChange={choosePeriod}
            data={periods.map((value) => ({ value, label: t('period.days', { count: Number(value) }) }))}
          />
        </div>
      </div>
      <DashboardBody dashboard={dashboard} days={days} />
    </Stack>
  );
}

function DashboardBody({
  dashboard,
  days,
}: {
  dashboard: ReturnType<typeof useProviderDashboard>;
  days: DashboardDays;
}) {
  const { t } = useTranslation('provider-dashboard');
  if (dashboard.isError && !dashboard.data) {
    return (
      <LoadError
        title={t('error.title')}
        text={t('error.text')}
        retryLabel={t('error.retry')}
        retrying={dashboard.isFetching}
        onRetry={() => void dashboard.refetch()}
      />
    );
  }
  if (!dashboard.data) {
    return (
      <LoadingState label={t('loading')}>
        <Stack gap="lg">
          <div className={classes.summary}>
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} height={140} radius="md" />
            ))}
          </div>
          <div className={classes.tables}>
            <Skeleton height={360} radius="md" />
            <Skeleton height={360} radius="md" />
          </div>
        </Stack>
      </LoadingState>
    );
  }
  // The previous period's figures stay while the next arrive, dimmed and marked busy.
  const stale = dashboard.isPlaceholderData;
  return (
    <div aria-busy={stale} className={stale ? classes.stale : undefined}>
      <DashboardFigures dashboard={dashboard.data} days={days} />
    </div>
  );
}

/**
 * The route's loader calls it (app/router.tsx): the area's reads start together. The figures are not
 * among them: they are read afresh as the page shows (`staleTime: 0`), a prefetch would be read twice.
 */
export function prefetch(args: LoaderFunctionArgs): void {
  prefetchProviderArea(args);
}
