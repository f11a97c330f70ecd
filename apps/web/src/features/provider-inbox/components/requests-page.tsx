import { Button, Group, NativeSelect, Pagination, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconFilterOff, IconInbox, IconUserPlus } from '@tabler/icons-react';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs, useSearchParams } from 'react-router';
import { LoadError, LoadingState } from '@/components/ui/page-states.tsx';
import { paths } from '@/config/paths.ts';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { queryClient } from '@/lib/query-client.ts';
import { useWideFrom } from '@/lib/use-wide-from.ts';
import { prefetchProviderArea } from '@/shared-features/provider-area/prefetch.ts';
import { ProviderArea, useActingProvider } from '@/shared-features/provider-area/provider-area.tsx';
import { providerRequestsQueryOptions, useProviderRequests } from '../api/list-requests.ts';
import {
  activeFilterCount,
  filterOf,
  type GridQuery,
  gridReturnState,
  pageSizes,
  readGridQuery,
  withoutFilters,
  writeGridQuery,
} from '../utils/grid-search.ts';
import { noSelection, type Selection, selectionMode, withPageChecked } from '../utils/selection.ts';
import { ExportJobs, ExportMenu } from './grid/export-controls.tsx';
import { RequestFilters } from './grid/request-filters.tsx';
import { RequestCards, RequestsTable } from './grid/requests-table.tsx';
import { SelectionBar } from './grid/selection-bar.tsx';
import { useHeldWhilePressed } from './grid/use-held-while-pressed.ts';

/**
 * The grid's state in the address: every change is a history entry, so back and forward walk it.
 * The page stays where it is scrolled (a search applied while a row is pressed must not move it);
 * another page of results scrolls up itself.
 */
function useGridQuery(): [GridQuery, (query: GridQuery) => void] {
  const [search, setSearch] = useSearchParams();
  const query = useMemo(() => readGridQuery(search), [search]);
  const setQuery = useCallback(
    (next: GridQuery) => {
      setSearch(writeGridQuery(next), { preventScrollReset: true });
    },
    [setSearch],
  );
  return [query, setQuery];
}

/**
 * The grid while its first page loads: a screen tall at least, so what follows (the export jobs, the
 * footer) starts below the fold and is not pushed down when the rows arrive (Lighthouse's layout shift).
 */
function GridSkeleton() {
  return (
    <Stack gap="xs" mih="100vh">
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} height={44} />
      ))}
    </Stack>
  );
}

function RequestsGrid() {
  const { t } = useTranslation('provider');
  const { locale } = useLocale();
  const numbers = useMemo(() => new Intl.NumberFormat(locale), [locale]);
  const acting = useActingProvider();
  const [applied, setQuery] = useGridQuery();
  const requests = useProviderRequests(acting.providerId, applied);
  // The table from the theme's md up, cards below it: only the one shown is rendered (both, one hidden by
  // CSS, doubled the work of the page's arrival on a phone).
  const wide = useWideFrom('md');
  // The page as shown. A press on a row holds it until the press's click: a search applied or
  // answered meanwhile would move the rows (or what is above them) from under the pointer. Only the
  // heading's count follows at once, saying the answer is in.
  const [view, onRowsPointerDown] = useHeldWhilePressed({
    query: applied,
    data: requests.data,
    stale: requests.isPlaceholderData,
  });
  const { query, data } = view;

  // The selection belongs to one set of filters (and one provider): a change of either clears it.
  const filterKey = `${acting.providerId}|${JSON.stringify(filterOf(query))}`;
  const [selection, setSelection] = useState<Selection>(noSelection);
  const [selectionKey, setSelectionKey] = useState(filterKey);
  if (selectionKey !== filterKey) {
    setSelectionKey(filterKey);
    setSelection(noSelection);
  }

  const filtered = activeFilterCount(query) > 0;
  const found = requests.data;
  const rows = data?.items ?? [];
  const pageIds = rows.map((row) => row.id);
  const total = data?.total ?? 0;
  // Past 1,000 the server stops counting ("more than 1 000"): one page more than counted is offered,
  // and a later page counts as far again from there.
  const totalExact = data?.totalExact ?? true;
  const totalText = totalExact ? numbers.format(total) : t('grid.moreThan', { total: numbers.format(total) });
  const mode = selectionMode(selection, pageIds);
  const pageCount = Math.max(1, Math.ceil(total / query.pageSize) + (totalExact ? 0 : 1));
  const stale = view.stale || data !== found;
  // The grid as applied, not as held: a search applied by the press that opens a request is kept too.
  const linkState = gridReturnState(applied);
  const onCheck = (checkedOnPage: readonly string[]) =>
    setSelection(withPageChecked(selection, pageIds, checkedOnPage));

  let body: ReactNode;
  if (requests.isError && !data) {
    body = (
      <LoadError
        title={t('grid.error.title')}
        text={t('grid.error.text')}
        retryLabel={t('grid.error.retry')}
        retrying={requests.isFetching}
        onRetry={() => void requests.refetch()}
      />
    );
  } else if (!data) {
    body = (
      <LoadingState label={t('grid.loading')}>
        <GridSkeleton />
      </LoadingState>
    );
  } else if (total === 0 && !filtered) {
    body = (
      <Stack gap="xs" align="flex-start" py="lg">
        <IconInbox size={40} aria-hidden color="var(--mantine-color-opora-7)" />
        <Title order={2} size="h3">
          {t('grid.empty.title')}
        </Title>
        <Text>{t('grid.empty.text')}</Text>
      </Stack>
    );
  } else if (total === 0 || rows.length === 0) {
    body = (
      <Stack gap="xs" align="flex-start" py="lg">
        <Title order={2} size="h3">
          {t('grid.noMatch.title')}
        </Title>
        <Text>{t('grid.noMatch.text')}</Text>
        <Button
          variant="default"
          leftSection={<IconFilterOff size={18} aria-hidden />}
          onClick={() => setQuery(withoutFilters(query))}
        >
          {t('grid.noMatch.reset')}
        </Button>
      </Stack>
    );
  } else {
    const shownRows = { rows, selection, onCheck, linkState, onPointerDown: onRowsPointerDown, stale };
    const from = (query.page - 1) * query.pageSize + 1;
    const to = from + rows.length - 1;
    body = (
      <Stack gap="sm">
        <SelectionBar
          mode={mode}
          selection={selection}
          pageIds={pageIds}
          total={total}
          totalText={totalText}
          onChange={setSelection}
        />
        {wide ? (
          <RequestsTable
            {...shownRows}
            query={query}
            onSort={(sort) => setQuery({ ...query, sort, page: 1 })}
          />
        ) : (
          <RequestCards {...shownRows} />
        )}
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            {t('grid.pagination.range', {
              from: numbers.format(from),
              to: numbers.format(to),
              total: totalText,
            })}
          </Text>
          <Group gap="sm">
            <NativeSelect
              aria-label={t('grid.pagination.pageSize')}
              value={String(query.pageSize)}
              data={pageSizes.map((size) => String(size))}
              onChange={(event) =>
                setQuery({ ...query, pageSize: Number(event.currentTarget.value), page: 1 })
              }
            />
            {pageCount > 1 ? (
              <Pagination
                total={pageCount}
                value={Math.min(query.page, pageCount)}
                onChange={(page) => {
                  setQuery({ ...query, page });
                  window.scrollTo({ top: 0 });
                }}
                getControlProps={(control) =>
                  control === 'previous' || control === 'next'
                    ? { 'aria-label': t(`grid.pagination.${control}`) }
                    : {}
                }
                aria-label={t('grid.pagination.label')}
                siblings={1}
              />
            ) : null}
          </Group>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4}>
          <Title order={1}>{t('grid.title')}</Title>
          <Text c="dark.6">{t('grid.intro')}</Text>
          {found ? (
            <Text fw={600}>
              {found.totalExact
                ? t('grid.summary', { count: found.total, formatted: numbers.format(found.total) })
                : t('grid.summaryMoreThan', { total: numbers.format(found.total) })}
            </Text>
          ) : requests.isError ? null : (
            // The count's line, held while it loads, so the filters below do not move when it comes.
            <Skeleton height={24} width="14rem" aria-hidden />
          )}
        </Stack>
        <Group gap="sm">
          {/* A client who phoned, walked in, wrote or was referred (issue 24 §2). */}
          <Button
            component={Link}
            to={paths.providerClientNew.getHref()}
            state={linkState}
            leftSection={<IconUserPlus size={18} aria-hidden />}
          >
            {t('grid.newClient')}
          </Button>
          {!data && !requests.isError ? (
            // The export button's place, held while the first page loads (it wraps below the title on a phone).
            <Skeleton height={36} width="11rem" radius="sm" aria-hidden />
          ) : data && total > 0 ? (
            <ExportMenu
              providerId={acting.providerId}
              query={query}
              selection={selection}
              total={total}
              totalExact={totalExact}
            />
          ) : null}
        </Group>
      </Group>
      <RequestFilters query={query} onChange={setQuery} />
      {body}
      <ExportJobs providerId={acting.providerId} />
    </Stack>
  );
}

/** `/provider/requests` (SPEC §2 requests grid): every request of the provider in the person's scope. */
// The route's loader calls it as soon as this module is there (app/router.tsx): the memberships the
// provider area waits for, then the first page of the grid beside the area's own reads.
export function prefetch(args: LoaderFunctionArgs): void {
  const search = new URL(args.request.url).searchParams;
  prefetchProviderArea(args, (providerId) => {
    void queryClient.prefetchQuery(providerRequestsQueryOptions(providerId, readGridQuery(search)));
  });
}

export function RequestsPage() {
  return (
    <ProviderArea section="requests">
      <RequestsGrid />
    </ProviderArea>
  );
}
