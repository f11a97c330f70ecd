import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ProviderDashboard } from '@opora/contracts';
import { IconChartBar, IconInbox } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import type { DashboardDays } from '../api/dashboard.ts';
import classes from './dashboard.module.css';
import { useDashboardFormat } from './dashboard-format.ts';
import { DashboardSummary } from './dashboard-summary.tsx';
import { OutcomesTable, StatusTable } from './dashboard-tables.tsx';

/** The figures of one period, or what the page will show once requests arrive. */
export function DashboardFigures({
  dashboard: data,
  days,
}: {
  dashboard: ProviderDashboard;
  days: DashboardDays;
}) {
  const format = useDashboardFormat(days);
  const total = Object.values(data.byStatus).reduce((sum, count) => sum + count, 0);
  if (total === 0) return <EmptyState />;
  return (
    <Stack gap="lg">
      <DashboardSummary dashboard={data} format={format} />
      <div className={classes.tables}>
        <StatusTable byStatus={data.byStatus} format={format} />
        <OutcomesTable outcomes={data.outcomes} format={format} />
      </div>
    </Stack>
  );
}

/** No request in the person's scope yet: what the page will show, and the way to the inbox. */
function EmptyState() {
  const { t } = useTranslation('provider-dashboard');
  return (
    <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="md" align="flex-start" maw={640}>
        <ThemeIcon size={56} radius="md" variant="light" color="opora">
          <IconChartBar size={32} aria-hidden />
        </ThemeIcon>
        <Title order={2}>{t('empty.title')}</Title>
        <Text size="lg">{t('empty.text')}</Text>
        <Button
          component={Link}
          to={paths.providerRequests.getHref()}
          leftSection={<IconInbox size={20} aria-hidden />}
        >
          {t('empty.action')}
        </Button>
      </Stack>
    </Paper>
  );
}
