import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import type { ProviderDashboard } from '@opora/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import classes from './dashboard.module.css';
import type { DashboardFormat } from './dashboard-format.ts';

function Figure({
  id,
  title,
  value,
  children,
}: {
  id: string;
  title: string;
  value: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={id}>
      <Stack gap={6}>
        <Title order={3} size="h5" id={id}>
          {title}
        </Title>
        <Text className={classes.figure}>{value}</Text>
        {children}
      </Stack>
    </Paper>
  );
}

/** Three figures first: what waits for an answer, how fast answers come and how many came at all. */
export function DashboardSummary({
  dashboard,
  format,
}: {
  dashboard: ProviderDashboard;
  format: DashboardFormat;
}) {
  const { t } = useTranslation('provider-dashboard');
  const waiting = dashboard.byStatus.new ?? 0;
  const median = dashboard.medianHoursToFirstAnswer;
  return (
    <section aria-labelledby="summary-title">
      <h2 id="summary-title" className="visually-hidden">
        {t('summary.label')}
      </h2>
      <div className={classes.summary}>
        <Figure id="summary-waiting" title={t('summary.waiting')} value={format.number(waiting)}>
          {waiting > 0 ? (
            <Anchor
              component={Link}
              // Oldest first: the ones a reminder is about to chase.
              to={paths.providerRequests.getHref(undefined, { status: 'new', sort: 'createdDate' })}
            >
              {t('summary.waitingLink')}
            </Anchor>
          ) : (
            <Text size="sm">{t('summary.waitingNone')}</Text>
          )}
        </Figure>
        <Figure
          id="summary-median"
          title={t('summary.median')}
          value={
            median === null ? (
              <span className={classes.figureNone}>{t('summary.medianNone')}</span>
            ) : (
              format.duration(median)
            )
          }
        >
          <Text size="sm">{t('summary.medianHelp', { period: format.period })}</Text>
        </Figure>
        <Figure
          id="summary-answered"
          title={t('summary.answered')}
          value={t('summary.answeredValue', {
            answered: format.number(dashboard.answered),
            received: format.number(dashboard.received),
          })}
        >
          <Text size="sm">
            {dashboard.received > 0
              ? t('summary.answeredHelp', {
                  percent: format.share(dashboard.answered, dashboard.received),
                  period: format.period,
                })
              : t('summary.receivedNone', { period: format.period })}
          </Text>
        </Figure>
      </div>
    </section>
  );
}
