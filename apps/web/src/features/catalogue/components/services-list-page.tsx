import { Alert, Button, NativeSelect, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ServiceList } from '@opora/contracts';
import { IconAdjustmentsHorizontal, IconFilterOff, IconInfoCircle } from '@tabler/icons-react';
import { useDeferredValue, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { Container } from '@/components/ui/container.tsx';
import { LoadError } from '@/components/ui/page-states.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useRegions } from '@/lib/reference-data/regions.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { ServiceCard } from '@/shared-features/services/service-card.tsx';
import {
  AreaFallbackNotice,
  NoServicesNotice,
  PageGoneNotice,
  ServiceCardList,
  ServiceCardsSkeleton,
} from '@/shared-features/services/service-list-states.tsx';
import { ServicesPagination } from '@/shared-features/services/services-pagination.tsx';
import { useServiceTypes } from '../api/get-service-types.ts';
import { useServices } from '../api/get-services.ts';
import { type ListSearch, serviceListSorts, useListSearch } from '../hooks/use-list-search.ts';
import { isRegionCode, listQuery } from '../utils/list-query.ts';
import classes from './catalogue.module.css';
import { MissingState } from './catalogue-states.tsx';
import { ServicesFilters } from './services-filters.tsx';

// The route's loader calls it as soon as this module is there (app/router.tsx).
export { prefetch } from '../api/prefetch-services-list.ts';

/** The API knows no such region (or county): a malformed code is refused with 400, an unknown one 404. */
function isMissing(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/** `/anon-new-client/services/list/:regionCode` (SPEC §2): services of a region or one of its counties. */
export function ServicesListPage() {
  const { t } = useTranslation('catalogue');
  const { regionCode = '' } = useParams();
  const location = useLocation();
  const regions = useRegions();
  const taxonomy = useServiceTypes();
  const { search, update, resetFilters, hasFilters } = useListSearch();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [filtersOpen, setFiltersOpen] = useState(false);

  const regionCodeValid = isRegionCode(regionCode);
  const region = regions.data?.find((candidate) => candidate.code === regionCode);
  const { query, countyCode, needsTaxonomy } = listQuery({
    regionCode,
    search,
    region,
    taxonomy: taxonomy.data,
  });
  // Stable while the URL stays, so the (memoised) filters skip the renders of arriving data.
  const filterSearch = useMemo(() => ({ ...search, county: countyCode }), [search, countyCode]);
  const regionKnown = regionCodeValid && !(regions.isSuccess && !region);
  const services = useServices(query, { enabled: regionKnown && (!needsTaxonomy || taxonomy.isSuccess) });

  const regionName = region?.name ?? services.data?.area.region.name ?? null;
  const countyName = countyCode
    ? (region?.counties.find((county) => county.code === countyCode)?.name ??
      services.data?.area.county?.name ??
      null)
    : null;
  const areaName = countyName ? t('list.countyHeading', { county: countyName }) : regionName;
  usePageTitle(areaName ? t('list.documentTitle', { area: areaName }) : null);

  if (!regionKnown || isMissing(services.error)) {
    return (
      <Container>
        <MissingState title={t('list.notFound.title')} text={t('list.notFound.text')} />
      </Container>
    );
  }

  const listHref = `${location.pathname}${location.search}`;
  const changePage = (page: number) => {
    update({ page });
    headingRef.current?.focus({ preventScroll: true });
    window.scrollTo({ top: 0 });
  };

  return (
    <Container>
      <div className={classes.page}>
        <p className={classes.eyebrow}>{t('list.eyebrow')}</p>
        {areaName ? (
          <Title order={1} ref={headingRef} tabIndex={-1} className={classes.heading}>
            {areaName}
          </Title>
        ) : (
          <Skeleton height={40} width="60%" mt="xs" />
        )}
        {countyName && regionName ? (
          <Text size="lg" mt={4}>
            {regionName}
          </Text>
        ) : null}

        <div className={classes.layout}>
          <section aria-labelledby="catalogue-filters-title">
            <h2 id="catalogue-filters-title" className="visually-hidden">
              {t('list.filters.title')}
            </h2>
            <Button
              variant="default"
              className={classes.filterToggle}
              leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden />}
              aria-expanded={filtersOpen}
              aria-controls="catalogue-filters"
              onClick={() => setFiltersOpen((open) => !open)}
              mb="md"
            >
              {filtersOpen ? t('list.filters.hide') : t('list.filters.show')}
            </Button>
            <div
              id="catalogue-filters"
              className={`${classes.filters} ${filtersOpen ? '' : classes.filtersClosed}`}
            >
              <ServicesFilters
                counties={region?.counties ?? null}
                taxonomy={taxonomy.data}
                search={filterSearch}
                hasFilters={hasFilters}
                onChange={update}
                onReset={resetFilters}
              />
            </div>
          </section>

          <section aria-labelledby="catalogue-results-count">
            <Stack gap="md">
              <div className={classes.toolbar}>
                <Text id="catalogue-results-count" role="status" fw={700} size="lg">
                  {services.data ? resultCount(t, services.data) : ''}
                </Text>
                <NativeSelect
                  label={t('list.sort.label')}
                  value={search.sort}
                  onChange={(event) => update({ sort: event.currentTarget.value as ListSearch['sort'] })}
                  data={serviceListSorts.map((sort) => ({ value: sort, label: t(`list.sort.${sort}`) }))}
                />
              </div>
              <Text size="sm" className={classes.how}>
                <strong>{t('list.sort.howTitle')}.</strong> {t('list.sort.howText')}
              </Text>
              <Results
                services={services}
                needsTaxonomy={needsTaxonomy}
                taxonomy={taxonomy}
                regionCode={regionCode}
                regionName={regionName}
                countyName={countyName}
                listHref={listHref}
                hasFilters={hasFilters}
                onReset={resetFilters}
                onFirstPage={() => changePage(1)}
              />
              {services.data ? (
                <ServicesPagination
                  page={services.data.page}
                  total={services.data.total}
                  pageSize={services.data.pageSize}
                  onChange={changePage}
                />
              ) : null}
            </Stack>
          </section>
        </div>
      </div>
    </Container>
  );
}

function resultCount(t: ReturnType<typeof useTranslation<'catalogue'>>['t'], list: ServiceList): string {
  const pages = Math.ceil(list.total / list.pageSize);
  const count = t('list.count', { count: list.total });
  return pages > 1 ? `${count}, ${t('list.pageOf', { page: list.page, pages })}` : count;
}

type ResultsProps = {
  services: ReturnType<typeof useServices>;
  needsTaxonomy: boolean;
  taxonomy: ReturnType<typeof useServiceTypes>;
  regionCode: string;
  regionName: string | null;
  countyName: string | null;
  listHref: string;
  hasFilters: boolean;
  onReset: () => void;
  onFirstPage: () => void;
};

function Results({
  services,
  needsTaxonomy,
  taxonomy,
  regionCode,
  regionName,
  countyName,
  listHref,
  hasFilters,
  onReset,
  onFirstPage,
}: ResultsProps) {
  const { t } = useTranslation('catalogue');
  // Arriving data re-renders synchronously (React Query notifies through an external store); the
  // twenty cards then render at transition priority, in slices a slow phone can interleave with
  // input and painting, while the skeleton (or the previous page) stays up.
  const list = useDeferredValue(services.data);

  // The list waits for the service types when its filters need them: their failure is the one to retry.
  const failed = needsTaxonomy && taxonomy.isError ? taxonomy : services.isError ? services : null;
  if (failed) {
    return (
      <LoadError
        title={t('list.error.title')}
        text={t('list.error.text')}
        retryLabel={t('list.error.retry')}
        retrying={failed.isFetching}
        onRetry={() => void failed.refetch()}
      />
    );
  }
  if (!list) return <ServiceCardsSkeleton label={t('list.loading')} />;

  const region = regionName ?? list.area.region.name;
  if (list.regionServiceCount === 0) {
    return (
      <NoServicesNotice
        title={t('list.noRegionServices.title')}
        text={t('list.noRegionServices.text', { region })}
        contactLabel={t('list.noRegionServices.contact')}
      />
    );
  }

  const fallbackNotice =
    list.fallback && countyName ? (
      <AreaFallbackNotice
        title={t(hasFilters ? 'list.fallback.titleFiltered' : 'list.fallback.title', { county: countyName })}
        text={t('list.fallback.text', { region })}
      />
    ) : null;

  if (list.items.length === 0) {
    return (
      <>
        {fallbackNotice}
        {list.total > 0 ? (
          <PageGoneNotice onFirstPage={onFirstPage} />
        ) : (
          <Alert
            color="gray"
            variant="light"
            icon={<IconInfoCircle aria-hidden />}
            title={t('list.empty.title')}
          >
            <Stack gap="sm" align="flex-start">
              <Text>{t('list.empty.text')}</Text>
              {hasFilters ? (
                <Button
                  variant="default"
                  leftSection={<IconFilterOff size={18} aria-hidden />}
                  onClick={onReset}
                >
                  {t('list.filters.reset')}
                </Button>
              ) : null}
            </Stack>
          </Alert>
        )}
      </>
    );
  }

  return (
    <>
      {fallbackNotice}
      <ServiceCardList busy={services.isPlaceholderData}>
        {list.items.map((service) => (
          <li key={service.id}>
            <ServiceCard
              service={service}
              href={paths.anonNewClientServiceDetail.getHref({ serviceId: service.id, regionCode })}
              listHref={listHref}
              headingOrder={2}
              className={classes.deferredCard}
            />
          </li>
        ))}
      </ServiceCardList>
    </>
  );
}
