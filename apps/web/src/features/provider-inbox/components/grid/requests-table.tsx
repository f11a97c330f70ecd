import { ActionIcon, Anchor, Button, Checkbox, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { formatDisplayDate, type ProviderRequestRow, type ProviderRequestSortField } from '@opora/contracts';
import { IconArrowDown, IconArrowsSort, IconArrowUp, IconChevronRight } from '@tabler/icons-react';
import type { PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { useServiceTypeName } from '@/lib/reference-data/use-service-type-name.ts';
import { formatInstantDate } from '@/shared-features/requests/dates.ts';
import { CareRequestStatusBadge } from '@/shared-features/requests/status-badge.tsx';
import { type GridQuery, type GridReturnState, nextSort, sortStateOf } from '../../utils/grid-search.ts';
import { checkedIds, type Selection } from '../../utils/selection.ts';
import classes from '../provider-inbox.module.css';
import { RequestOriginBadges } from '../source-badge.tsx';

type TableProps = {
  rows: readonly ProviderRequestRow[];
  query: GridQuery;
  onSort: (sort: GridQuery['sort']) => void;
  selection: Selection;
  /** The rows of the page now checked (`ids`), after a tick on a row or on the header. */
  onCheck: (ids: readonly string[]) => void;
  /** The router state of a link to a request: the grid to return to (`gridReturnState`). */
  linkState: GridReturnState;
  /** A press on a row (it holds the rows until its click: `useHeldWhilePressed`). */
  onPointerDown: (event: PointerEvent) => void;
  stale: boolean;
};

function requestHref(row: ProviderRequestRow): string {
  return paths.providerRequest.getHref({ id: row.id });
}

function SortHeader({
  field,
  query,
  onSort,
  label,
}: {
  field: ProviderRequestSortField;
  query: GridQuery;
  onSort: (sort: GridQuery['sort']) => void;
  label: string;
}) {
  const { t } = useTranslation('provider');
  const state = sortStateOf(query.sort);
  const active = state.field === field;
  const Icon = active ? (state.descending ? IconArrowDown : IconArrowUp) : IconArrowsSort;
  return (
    <Table.Th
      scope="col"
      {...(active
        ? { 'aria-sort': state.descending ? ('descending' as const) : ('ascending' as const) }
        : {})}
    >
      <button
        type="button"
        className={classes.sortButton}
        title={t('grid.sortBy', { column: label })}
        onClick={() => onSort(nextSort(query.sort, field))}
      >
        {label}
        <Icon size={14} aria-hidden stroke={active ? 2.5 : 1.5} />
      </button>
    </Table.Th>
  );
}

function useRowTexts() {
  const { t } = useTranslation(['provider', 'catalogue']);
  const serviceTypeName = useServiceTypeName();
  return {
    t,
    careFrom: (row: ProviderRequestRow) => (row.date ? formatDisplayDate(row.date) : t('grid.notGiven')),
    serviceType: (row: ProviderRequestRow) => serviceTypeName(row.serviceType),
    assignee: (row: ProviderRequestRow) =>
      row.assignee.colleague?.fullName ?? row.assignee.facility?.name ?? null,
  };
}

/** Toggles one row in the page's checked ids. */
function toggled(ids: readonly string[], id: string, checked: boolean): string[] {
  return checked ? [...ids.filter((other) => other !== id), id] : ids.filter((other) => other !== id);
}

/** The grid on a wide screen: SPEC §2's columns, sortable headers, a checkbox per row. */
export function RequestsTable({
  rows,
  query,
  onSort,
  selection,
  onCheck,
  linkState,
  onPointerDown,
  stale,
}: TableProps) {
  const { t, careFrom, serviceType, assignee } = useRowTexts();
  const pageIds = rows.map((row) => row.id);
  const checked = checkedIds(selection, pageIds);
  const allChecked = pageIds.length > 0 && checked.length === pageIds.length;
  const header = (field: ProviderRequestSortField) => (
    <SortHeader field={field} query={query} onSort={onSort} label={t(`grid.columns.${field}`)} />
  );
  return (
    <div className={`${classes.tableWrap} ${classes.desktopOnly}`}>
      <Table.ScrollContainer minWidth={1000} type="native">
        <Table
          className={`${classes.table} ${stale ? classes.stale : ''}`}
          striped
          highlightOnHover
          verticalSpacing="sm"
          horizontalSpacing={6}
          aria-busy={stale}
        >
          <caption className="visually-hidden">{t('grid.caption')}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col" w={32}>
                <Checkbox
                  aria-label={t('selection.selectPage')}
                  checked={allChecked}
                  indeterminate={checked.length > 0 && !allChecked}
                  onChange={() => onCheck(allChecked ? [] : pageIds)}
                />
              </Table.Th>
              {header('code')}
              {header('client')}
              {header('service')}
              {header('serviceType')}
              {header('date')}
              {header('status')}
              <Table.Th scope="col">{t('grid.columns.actions')}</Table.Th>
              {header('creator')}
              {header('createdDate')}
              {header('editedDate')}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody onPointerDown={onPointerDown}>
            {rows.map((row) => {
              const isChecked = checked.includes(row.id);
              const assignedTo = assignee(row);
              return (
                <Table.Tr key={row.id} bg={isChecked ? 'opora.0' : undefined}>
                  <Table.Td>
                    <Checkbox
                      aria-label={t('selection.selectRow', { code: row.code })}
                      checked={isChecked}
                      onChange={(event) => onCheck(toggled(checked, row.id, event.currentTarget.checked))}
                    />
                  </Table.Td>
                  <Table.Td className={classes.nowrap}>
                    <Anchor component={Link} to={requestHref(row)} state={linkState} fw={600}>
                      {row.code}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    {row.client.fullName}
                    <RequestOriginBadges source={row.source} sentByAssistant={row.sentByAssistant} />
                  </Table.Td>
                  <Table.Td>
                    {row.service.name}
                    {row.facility.name !== row.service.name ? (
                      <Text size="xs" c="dimmed">
                        {row.facility.name}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{serviceType(row)}</Table.Td>
                  <Table.Td className={classes.nowrap}>{careFrom(row)}</Table.Td>
                  <Table.Td className={classes.statusCell}>
                    <CareRequestStatusBadge status={row.status} />
                    {assignedTo ? (
                      <Text size="xs" c="dimmed" mt={4}>
                        {t('grid.assignedTo', { name: assignedTo })}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon
                      component={Link}
                      to={requestHref(row)}
                      state={linkState}
                      variant="light"
                      size="lg"
                      aria-label={t('grid.openRequest', { code: row.code })}
                      title={t('grid.openRequest', { code: row.code })}
                    >
                      <IconChevronRight size={20} aria-hidden />
                    </ActionIcon>
                  </Table.Td>
                  <Table.Td>{row.creator}</Table.Td>
                  <Table.Td className={classes.nowrap}>{formatInstantDate(row.createdDate)}</Table.Td>
                  <Table.Td className={classes.nowrap}>{formatInstantDate(row.editedDate)}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </div>
  );
}

/** The grid on a phone: one card per request, the same selection. */
export function RequestCards({
  rows,
  selection,
  onCheck,
  linkState,
  onPointerDown,
  stale,
}: Omit<TableProps, 'query' | 'onSort'>) {
  const { t, careFrom, serviceType, assignee } = useRowTexts();
  const pageIds = rows.map((row) => row.id);
  const checked = checkedIds(selection, pageIds);
  return (
    <ul
      className={`${classes.cards} ${classes.phoneOnly} ${stale ? classes.stale : ''}`}
      onPointerDown={onPointerDown}
    >
      {rows.map((row) => {
        const isChecked = checked.includes(row.id);
        const assignedTo = assignee(row);
        return (
          <li key={row.id}>
            <Paper withBorder radius="md" p="md" bg={isChecked ? 'opora.0' : 'white'}>
              <Stack gap="xs">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Checkbox
                    aria-label={t('selection.selectRow', { code: row.code })}
                    checked={isChecked}
                    onChange={(event) => onCheck(toggled(checked, row.id, event.currentTarget.checked))}
                    mt={4}
                  />
                  <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                    <Text fw={700}>{row.client.fullName}</Text>
                    <Text size="sm" c="dimmed">
                      {row.code} · {formatInstantDate(row.createdDate)}
                    </Text>
                    <RequestOriginBadges source={row.source} sentByAssistant={row.sentByAssistant} />
                  </Stack>
                  <CareRequestStatusBadge status={row.status} />
                </Group>
                <Text size="sm">
                  {row.service.name} · {serviceType(row)}
                </Text>
                <Text size="sm">
                  {t('grid.columns.date')}: {careFrom(row)} ·{' '}
                  {t(row.source === 'opora' ? 'grid.columns.creator' : 'grid.columns.enteredBy')}:{' '}
                  {row.creator}
                </Text>
                {assignedTo ? (
                  <Text size="sm" c="dimmed">
                    {t('grid.assignedTo', { name: assignedTo })}
                  </Text>
                ) : null}
                <Button
                  component={Link}
                  to={requestHref(row)}
                  state={linkState}
                  variant="light"
                  rightSection={<IconChevronRight size={18} aria-hidden />}
                  aria-label={t('grid.openRequest', { code: row.code })}
                >
                  {t('grid.open')}
                </Button>
              </Stack>
            </Paper>
          </li>
        );
      })}
    </ul>
  );
}
