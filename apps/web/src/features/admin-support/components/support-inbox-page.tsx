import {
  Anchor,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  type SupportMessageItem,
  type SupportMessageList,
  supportMessageRetentionMonths,
} from '@opora/contracts';
import { IconInbox } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs, useSearchParams } from 'react-router';
import { LoadError, LoadingState } from '@/components/ui/page-states.tsx';
import { paths } from '@/config/paths.ts';
// The console's frame is the admin feature's: a crossing of the feature boundary until it moves to shared-features/.
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { queryClient } from '@/lib/query-client.ts';
import { useWideFrom } from '@/lib/use-wide-from.ts';
import { supportMessagesQueryOptions, useSupportMessages } from '../api/list-support-messages.ts';
import { receivedParts } from '../utils/format.ts';
import { countOf, filterOf, type SupportFilter, searchOf, supportFilters } from '../utils/status-filter.ts';
import { SupportStatusBadge } from './status-badge.tsx';
import classes from './support.module.css';

/**
 * `/admin/support` (issue 25 §4): the contact form's messages, oldest first, filtered by status (the
 * active ones by default; the filter is kept in the address), each leading to its page.
 */
export function SupportInboxPage() {
  const { t } = useTranslation(['admin-support', 'common']);
  const [search, setSearch] = useSearchParams();
  const filter = filterOf(search);
  const list = useSupportMessages(filter);

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('common:routes.adminSupport.title')}</Title>
        <Text size="lg">{t('list.intro')}</Text>
      </Stack>
      <StatusFilter
        filter={filter}
        counts={list.data?.counts ?? null}
        onChange={(next) => setSearch(searchOf(next, search), { replace: true, preventScrollReset: true })}
      />
      {list.isError ? (
        <LoadError
          title={t('list.error.title')}
          text={t('list.error.text')}
          retryLabel={t('list.error.retry')}
          retrying={list.isFetching}
          onRetry={() => void list.refetch()}
        />
      ) : list.data && !list.isPlaceholderData ? (
        list.data.items.length === 0 ? (
          <Empty filter={filter} />
        ) : (
          <Messages items={list.data.items} />
        )
      ) : (
        <LoadingState label={t('list.loading')}>
          <Skeleton height={240} radius="md" />
        </LoadingState>
      )}
    </Stack>
  );
}

/**
 * Which messages to show, each choice with how many it holds. Side by side from tablets up; one under
 * another on a phone, where five labels with counts do not fit a row.
 */
function StatusFilter({
  filter,
  counts,
  onChange,
}: {
  filter: SupportFilter;
  counts: SupportMessageList['counts'] | null;
  onChange: (filter: SupportFilter) => void;
}) {
  const { t } = useTranslation('admin-support');
  const wide = useWideFrom('sm');
  return (
    <Stack gap={4}>
      <Text id="support-filter" fw={600} size="sm">
        {t('filter.label')}
      </Text>
      <SegmentedControl
        aria-labelledby="support-filter"
        color="opora"
        value={filter}
        onChange={(value) => {
          const next = supportFilters.find((candidate) => candidate === value);
          if (next) onChange(next);
        }}
        orientation={wide ? 'horizontal' : 'vertical'}
        fullWidth={!wide}
        style={wide ? { alignSelf: 'flex-start', maxWidth: '100%' } : undefined}
        data={supportFilters.map((value) => ({
          value,
          label: (
            <span className={classes.filterLabel}>
              {t(`filter.${value}`)}
              {/* A space between the name and the count: screen readers say "Uzavřené 3". */}
              {counts ? ' ' : null}
              {counts ? <span className={classes.filterCount}>{countOf(value, counts)}</span> : null}
            </span>
          ),
        }))}
      />
    </Stack>
  );
}

function Empty({ filter }: { filter: SupportFilter }) {
  const { t } = useTranslation('admin-support');
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack gap="sm" align="flex-start">
        <ThemeIcon size={48} radius="md" variant="light" color="teal">
          <IconInbox size={28} aria-hidden />
        </ThemeIcon>
        <Title order={2} size="h3">
          {t(`list.empty.${filter}.title`)}
        </Title>
        <Text>
          {t(`list.empty.${filter}.text`, {
            period: t('retention', { count: supportMessageRetentionMonths }),
          })}
        </Text>
      </Stack>
    </Paper>
  );
}

function Messages({ items }: { items: readonly SupportMessageItem[] }) {
  const { t } = useTranslation('admin-support');
  const { locale } = useLocale();
  const wide = useWideFrom('md');

  /** What the table's cells and a phone's card show of a message, once. */
  const partsOf = (item: SupportMessageItem) => ({
    sender: (
      <Anchor
        component={Link}
        to={paths.adminSupportMessage.getHref({ messageId: item.id })}
        fw={600}
        className={classes.wrap}
      >
        {item.name}
      </Anchor>
    ),
    email: item.email,
    preview: item.preview,
    status: <SupportStatusBadge status={item.status} />,
    assignedTo: item.assignedTo?.name ?? t('list.nobody'),
    replies:
      item.repliesCount === 0 ? t('list.noReplies') : t('list.repliesCount', { count: item.repliesCount }),
    received: receivedParts(item.receivedAt, locale),
  });

  if (wide) {
    return (
      <Table striped>
        <Table.Caption>{t('list.caption', { count: items.length })}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('list.sender')}</Table.Th>
            <Table.Th scope="col">{t('list.message')}</Table.Th>
            <Table.Th scope="col">{t('list.receivedAt')}</Table.Th>
            <Table.Th scope="col">{t('list.status')}</Table.Th>
            <Table.Th scope="col">{t('list.assignedTo')}</Table.Th>
            <Table.Th scope="col">{t('list.replies')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => {
            const parts = partsOf(item);
            return (
              <Table.Tr key={item.id}>
                <Table.Th scope="row" className={classes.senderCell}>
                  {parts.sender}
                  <Text size="sm" c="dark.6" fw={400} className={classes.email}>
                    {parts.email}
                  </Text>
                </Table.Th>
                <Table.Td className={classes.previewCell}>
                  <Text size="sm" lineClamp={2} className={classes.wrap}>
                    {parts.preview}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{parts.received.ago}</Text>
                  <Text size="sm" c="dark.6" className={classes.nowrap}>
                    {parts.received.at}
                  </Text>
                </Table.Td>
                <Table.Td>{parts.status}</Table.Td>
                <Table.Td className={classes.wrap}>{parts.assignedTo}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{parts.replies}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    );
  }
  return (
    <Stack
      component="ul"
      gap="sm"
      aria-label={t('list.caption', { count: items.length })}
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
    >
      {items.map((item) => {
        const parts = partsOf(item);
        return (
          <Paper component="li" key={item.id} withBorder radius="md" p="md">
            <Stack gap={6} align="flex-start">
              <Text size="lg">{parts.sender}</Text>
              <Text size="sm" c="dark.6" className={classes.email}>
                {parts.email}
              </Text>
              {parts.status}
              <Text lineClamp={3} className={classes.wrap}>
                {parts.preview}
              </Text>
              <Text size="sm" c="dark.6">
                {t('list.receivedAt')}: {parts.received.ago} · {parts.received.at}
              </Text>
              <Text size="sm" c="dark.6" className={classes.wrap}>
                {t('list.assignedTo')}: {parts.assignedTo} ·{' '}
                {item.repliesCount === 0 ? t('list.noRepliesYet') : parts.replies}
              </Text>
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}

/** The route's loader calls it (app/router.tsx): the list is read with the page's code. */
export function prefetch(args: LoaderFunctionArgs): void {
  const filter = filterOf(new URL(args.request.url).searchParams);
  void queryClient.prefetchQuery(supportMessagesQueryOptions(filter));
}
