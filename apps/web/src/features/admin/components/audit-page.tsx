import {
  Button,
  Group,
  NativeSelect,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  isOneOf,
  type StaffAction,
  type StaffAuditEntry,
  staffActions,
  staffAuditRecordTypes,
} from '@opora/contracts';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AsyncButton } from '@/components/ui/async-button.tsx';
import { LoadError, LoadingState } from '@/components/ui/page-states.tsx';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { useWideFrom } from '@/lib/use-wide-from.ts';
import { formatDateTime } from '@/shared-features/requests/dates.ts';
import { type StaffAuditFilters, useStaffAudit } from '../api/staff-audit.ts';
import { splitAuditReason } from '../utils/audit-reason.ts';
import classes from './admin.module.css';
import { AdminArea } from './admin-area.tsx';

/** The filters as the address keeps them (`?action=&recordType=&q=`); anything else is left out. */
function filtersOf(search: URLSearchParams): StaffAuditFilters {
  const action = search.get('action');
  const recordType = search.get('recordType');
  const q = search.get('q')?.trim();
  return {
    ...(isOneOf(staffActions, action) ? { action } : {}),
    ...(isOneOf(staffAuditRecordTypes, recordType) ? { recordType } : {}),
    ...(q ? { q: q.slice(0, 200) } : {}),
  };
}

/** `/admin/audit` (issue 25 §5): what platform staff did, newest first, with filters and older pages. */
export function AuditPage() {
  const { t } = useTranslation(['admin', 'common']);
  const [search, setSearch] = useSearchParams();
  const filters = filtersOf(search);
  const audit = useStaffAudit(filters);
  const filtered = Object.keys(filters).length > 0;
  const setFilters = (next: StaffAuditFilters) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(next)) if (value) params.set(key, String(value));
    setSearch(params, { replace: true });
  };
  const entries = audit.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <AdminArea section="audit">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('common:routes.adminAudit.title')}</Title>
          <Text size="lg">{t('audit.intro')}</Text>
        </Stack>
        <AuditFilters filters={filters} onChange={setFilters} />
        {audit.isError && !audit.data ? (
          <LoadError
            title={t('audit.error.title')}
            text={t('audit.error.text')}
            retryLabel={t('audit.error.retry')}
            retrying={audit.isFetching}
            onRetry={() => void audit.refetch()}
          />
        ) : audit.data ? (
          entries.length === 0 ? (
            <Paper withBorder radius="md" p="xl">
              <Text size="lg">{filtered ? t('audit.empty.filtered') : t('audit.empty.none')}</Text>
            </Paper>
          ) : (
            <Stack gap="md" align="flex-start">
              <Entries entries={entries} />
              {audit.hasNextPage ? (
                <AsyncButton
                  variant="default"
                  busy={audit.isFetchingNextPage}
                  onClick={() => void audit.fetchNextPage()}
                >
                  {t('audit.loadOlder')}
                </AsyncButton>
              ) : (
                <Text c="dark.6">{t('audit.end')}</Text>
              )}
              {audit.isFetchNextPageError ? (
                <Text c="red.9" role="alert">
                  {t('audit.olderError')}
                </Text>
              ) : null}
            </Stack>
          )
        ) : (
          <LoadingState label={t('audit.loading')}>
            <Skeleton height={320} radius="md" />
          </LoadingState>
        )}
      </Stack>
    </AdminArea>
  );
}

/** Action and record type apply at once; the text when submitted (Enter or the search button). */
function AuditFilters({
  filters,
  onChange,
}: {
  filters: StaffAuditFilters;
  onChange: (filters: StaffAuditFilters) => void;
}) {
  const { t } = useTranslation('admin');
  const [text, setText] = useState(filters.q ?? '');
  const [shown, setShown] = useState(filters.q ?? '');
  // The address changed otherwise (back, reset): the field follows it.
  if ((filters.q ?? '') !== shown) {
    setShown(filters.q ?? '');
    setText(filters.q ?? '');
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = text.trim();
    const { q: _, ...rest } = filters;
    onChange(q ? { ...rest, q } : rest);
  };
  const active = Object.keys(filters).length > 0;
  return (
    <form aria-label={t('audit.filters.label')} onSubmit={submit}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <NativeSelect
          label={t('audit.filters.action')}
          value={filters.action ?? ''}
          data={[
            { value: '', label: t('audit.filters.allActions') },
            ...staffActions.map((action) => ({ value: action, label: t(`action.${action}`) })),
          ]}
          onChange={(event) => {
            const value = event.currentTarget.value;
            const { action: _, ...rest } = filters;
            onChange(isOneOf(staffActions, value) ? { ...rest, action: value } : rest);
          }}
          miw={220}
          style={{ flex: '1 1 14rem' }}
        />
        <NativeSelect
          label={t('audit.filters.recordType')}
          value={filters.recordType ?? ''}
          data={[
            { value: '', label: t('audit.filters.allRecordTypes') },
            ...staffAuditRecordTypes.map((type) => ({ value: type, label: t(`recordType.${type}`) })),
          ]}
          onChange={(event) => {
            const value = event.currentTarget.value;
            const { recordType: _, ...rest } = filters;
            onChange(isOneOf(staffAuditRecordTypes, value) ? { ...rest, recordType: value } : rest);
          }}
          miw={180}
          style={{ flex: '1 1 11rem' }}
        />
        <TextInput
          type="search"
          label={t('audit.filters.q')}
          placeholder={t('audit.filters.qPlaceholder')}
          value={text}
          maxLength={200}
          onChange={(event) => setText(event.currentTarget.value)}
          style={{ flex: '2 1 16rem' }}
        />
        <Group gap="sm">
          <Button type="submit" leftSection={<IconSearch size={18} aria-hidden />}>
            {t('audit.filters.search')}
          </Button>
          {active ? (
            <Button
              variant="default"
              leftSection={<IconFilterOff size={18} aria-hidden />}
              onClick={() => {
                setText('');
                onChange({});
              }}
            >
              {t('audit.filters.reset')}
            </Button>
          ) : null}
        </Group>
      </Group>
    </form>
  );
}

/** The reason as staff wrote it, a rejection's reason code translated. */
function Reason({ action, reason }: { action: StaffAction; reason: string | null }) {
  const { t } = useTranslation('admin');
  if (!reason) return <>{t('audit.noReason')}</>;
  const { code, text } = splitAuditReason(action, reason);
  return (
    <span className={classes.value}>
      {code ? <strong>{t(`reason.${code}`)}</strong> : null}
      {code && text ? ': ' : null}
      {text}
    </span>
  );
}

function Entries({ entries }: { entries: readonly StaffAuditEntry[] }) {
  const { t } = useTranslation('admin');
  const { locale } = useLocale();
  const wide = useWideFrom('md');

  const partsOf = (entry: StaffAuditEntry) => ({
    at: formatDateTime(entry.at, locale),
    actor: (
      <>
        <Text size="sm" fw={600}>
          {entry.actor.name}
        </Text>
        {entry.actor.email && entry.actor.email !== entry.actor.name ? (
          <Text size="sm" c="dark.6" className={classes.email}>
            {entry.actor.email}
          </Text>
        ) : null}
      </>
    ),
    action: t(`action.${entry.action}`),
    record: (
      <>
        <Text size="sm" className={classes.email}>
          {entry.recordLabel}
        </Text>
        <Text size="sm" c="dark.6">
          {t(`recordType.${entry.recordType}`)}
        </Text>
      </>
    ),
    reason: <Reason action={entry.action} reason={entry.reason} />,
  });

  if (wide) {
    return (
      <Table striped>
        <Table.Caption>{t('audit.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('audit.at')}</Table.Th>
            <Table.Th scope="col">{t('audit.actor')}</Table.Th>
            <Table.Th scope="col">{t('audit.action')}</Table.Th>
            <Table.Th scope="col">{t('audit.record')}</Table.Th>
            <Table.Th scope="col">{t('audit.reason')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => {
            const parts = partsOf(entry);
            return (
              <Table.Tr key={entry.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{parts.at}</Table.Td>
                <Table.Td>{parts.actor}</Table.Td>
                <Table.Td>{parts.action}</Table.Td>
                <Table.Td>{parts.record}</Table.Td>
                <Table.Td>{parts.reason}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    );
  }
  return (
    <Stack
      component="ol"
      gap="sm"
      m={0}
      p={0}
      w="100%"
      style={{ listStyle: 'none' }}
      aria-label={t('audit.caption')}
    >
      {entries.map((entry) => {
        const parts = partsOf(entry);
        return (
          <Paper component="li" key={entry.id} withBorder radius="md" p="md">
            <Stack gap={4}>
              <Text fw={700}>{parts.action}</Text>
              <Text className={classes.value}>
                {entry.recordLabel}{' '}
                <Text component="span" size="sm" c="dark.6">
                  · {t(`recordType.${entry.recordType}`)}
                </Text>
              </Text>
              <Text size="sm" c="dark.6" className={classes.value}>
                {parts.at} · {entry.actor.name}
                {entry.actor.email && entry.actor.email !== entry.actor.name ? ` (${entry.actor.email})` : ''}
              </Text>
              {entry.reason ? (
                <Text size="sm">
                  {t('audit.reason')}: <Reason action={entry.action} reason={entry.reason} />
                </Text>
              ) : null}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
