import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import {
  type CareRequestStatusCode,
  careRequestDeclineReasons,
  careRequestStatusCodes,
  type ProviderDashboard,
} from '@opora/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import classes from './dashboard.module.css';
import type { DashboardFormat } from './dashboard-format.ts';

type Row = {
  key: string;
  label: ReactNode;
  count: number;
  /** The count as a link (to the grid), when there is something to open. */
  href?: string | undefined;
  /** The link's words for a screen reader, after the number ("– show requests with status New"). */
  linkContext?: string;
  /** A part of the row above ("of which: no capacity"). */
  sub?: boolean;
};

/**
 * A table of counts with each row's share drawn as a bar beside its percentage. The bar only repeats
 * the numbers in the cells, so it is hidden from screen readers, which read the table itself.
 */
function ShareTable({
  labelledBy,
  headers,
  rows,
  total,
  totalLabel,
  format,
}: {
  labelledBy: string;
  headers: { label: string; count: string; share: string };
  rows: Row[];
  total: number;
  totalLabel: string;
  format: DashboardFormat;
}) {
  return (
    <table className={classes.table} aria-labelledby={labelledBy}>
      <thead>
        <tr>
          <th scope="col">{headers.label}</th>
          <th scope="col" className={classes.number}>
            {headers.count}
          </th>
          <th scope="col" className={classes.shareColumn}>
            {headers.share}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const ratio = total > 0 ? row.count / total : 0;
          return (
            <tr key={row.key}>
              <th scope="row" className={row.sub ? classes.sub : undefined}>
                {row.label}
              </th>
              <td className={classes.number}>
                {row.href && row.count > 0 ? (
                  <Anchor component={Link} to={row.href} className={classes.countLink}>
                    {format.number(row.count)}
                    {row.linkContext ? <span className="visually-hidden"> {row.linkContext}</span> : null}
                  </Anchor>
                ) : (
                  format.number(row.count)
                )}
              </td>
              <td>
                <div className={classes.share}>
                  <div className={classes.track} aria-hidden>
                    <div className={classes.bar} style={{ width: `${ratio * 100}%` }} />
                  </div>
                  <span className={classes.percent}>{format.share(row.count, total)}</span>
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{totalLabel}</th>
          <td className={classes.number}>{format.number(total)}</td>
          <td />
        </tr>
      </tfoot>
    </table>
  );
}

/** The grid filtered by one status. */
export function statusHref(status: CareRequestStatusCode): string {
  return paths.providerRequests.getHref(undefined, { status });
}

/** Every status with its count now; each count opens the grid filtered by it. */
export function StatusTable({
  byStatus,
  format,
}: {
  byStatus: ProviderDashboard['byStatus'];
  format: DashboardFormat;
}) {
  const { t } = useTranslation(['provider-dashboard', 'enums']);
  const rows = careRequestStatusCodes.map((status): Row => {
    const name = t(`enums:careRequestStatus.${status}`);
    return {
      key: status,
      label: name,
      count: byStatus[status] ?? 0,
      href: statusHref(status),
      linkContext: t('byStatus.open', { status: name }),
    };
  });
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="by-status-title"
    >
      <Stack gap="sm">
        <Title order={2} size="h3" id="by-status-title">
          {t('byStatus.title')}
        </Title>
        <Text size="sm">{t('byStatus.intro')}</Text>
        <ShareTable
          labelledBy="by-status-title"
          headers={{ label: t('byStatus.status'), count: t('byStatus.count'), share: t('byStatus.share') }}
          rows={rows}
          total={total}
          totalLabel={t('byStatus.total')}
          format={format}
        />
      </Stack>
    </Paper>
  );
}

/** How the requests that ended in the period ended: accepted, declined by reason, expired, withdrawn. */
export function OutcomesTable({
  outcomes,
  format,
}: {
  outcomes: ProviderDashboard['outcomes'];
  format: DashboardFormat;
}) {
  const { t } = useTranslation(['provider-dashboard', 'enums']);
  const declined = careRequestDeclineReasons.reduce(
    (sum, reason) => sum + (outcomes.declined[reason] ?? 0),
    0,
  );
  const rows: Row[] = [
    { key: 'accepted', label: t('outcomes.accepted'), count: outcomes.accepted },
    { key: 'declined', label: t('outcomes.declined'), count: declined },
    // Only the reasons that occurred: six rows of zeroes would hide the ones that matter.
    ...careRequestDeclineReasons
      .filter((reason) => (outcomes.declined[reason] ?? 0) > 0)
      .map(
        (reason): Row => ({
          key: `declined-${reason}`,
          label: t('outcomes.declinedReason', { reason: t(`enums:careRequestDeclineReason.${reason}`) }),
          count: outcomes.declined[reason] ?? 0,
          sub: true,
        }),
      ),
    { key: 'expired', label: t('outcomes.expired'), count: outcomes.expired },
    { key: 'withdrawn', label: t('outcomes.withdrawn'), count: outcomes.withdrawn },
  ];
  const total = outcomes.accepted + declined + outcomes.expired + outcomes.withdrawn;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="outcomes-title"
    >
      <Stack gap="sm">
        <Title order={2} size="h3" id="outcomes-title">
          {t('outcomes.title')}
        </Title>
        <Text size="sm">{t('outcomes.intro', { period: format.period })}</Text>
        {total === 0 ? (
          <Text>{t('outcomes.none', { period: format.period })}</Text>
        ) : (
          <ShareTable
            labelledBy="outcomes-title"
            headers={{ label: t('outcomes.outcome'), count: t('outcomes.count'), share: t('outcomes.share') }}
            rows={rows}
            total={total}
            totalLabel={t('outcomes.total')}
            format={format}
          />
        )}
      </Stack>
    </Paper>
  );
}
