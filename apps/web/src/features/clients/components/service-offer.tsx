import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Radio.css';
import { Alert, Anchor, Button, Group, Pagination, Radio, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ServiceOffer as ServiceOfferPage } from '@opora/contracts';
import { IconAlertTriangle, IconInfoCircle, IconMail, IconRefresh } from '@tabler/icons-react';
import { useDeferredValue, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { apiErrorMessageKeys } from '@/lib/api-error-message.ts';
import { useServiceOffer } from '../api/get-client-service-offer.ts';
import { type OfferArea, offerQuery, offerSearch } from '../utils/offer-search.ts';
import classes from './clients.module.css';
import { ServiceOfferCard } from './service-offer-card.tsx';

function CardsSkeleton({ label }: { label: string }) {
  return (
    <div aria-busy="true">
      <span role="status" className="visually-hidden">
        {label}
      </span>
      <Stack gap="md">
        {[0, 1, 2].map((index) => (
          <Stack key={index} gap="xs" p="lg" className={classes.skeletonCard}>
            <Skeleton height={16} width="35%" />
            <Skeleton height={26} width="70%" />
            <Skeleton height={18} width="50%" />
            <Skeleton height={18} width="40%" />
          </Stack>
        ))}
      </Stack>
    </div>
  );
}

/**
 * The services pool of a client (SPEC §2, §4): in the county where care is given (its region's
 * services when the county has none) or in the region of permanent residence, ordered by the need
 * the case survey describes, then verified providers, then name; each card says why it is shown.
 * The area and page live in the address (`?area=&page=`), beside the client page's tab.
 * `caseId`: the wizard's case, whose answers the order follows (the client's latest case otherwise).
 */
export function ServiceOffer({ clientId, caseId }: { clientId: string; caseId?: string }) {
  const { t } = useTranslation(['clients', 'catalogue', 'errors']);
  const [search, setSearch] = useSearchParams();
  const location = useLocation();
  const { area: searchArea, page } = offerSearch(search);
  // The choice shows at once; the address follows (and Back or a shared link set it again).
  const [area, setArea] = useState(searchArea);
  useEffect(() => setArea(searchArea), [searchArea]);
  const offer = useServiceOffer(clientId, {
    ...offerQuery(search, caseId),
    area,
    ...(area === searchArea ? {} : { page: 1 }),
  });
  const list = useDeferredValue(offer.data);
  const headingId = useId();

  const update = (next: { area?: OfferArea; page?: number }) => {
    setSearch(
      (previous) => {
        const params = new URLSearchParams(previous);
        const nextArea = next.area ?? area;
        const nextPage = next.area ? 1 : (next.page ?? page);
        if (nextArea === 'county') params.delete('area');
        else params.set('area', nextArea);
        if (nextPage === 1) params.delete('page');
        else params.set('page', String(nextPage));
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  };
  const changePage = (next: number) => {
    update({ page: next });
    document.getElementById(headingId)?.focus({ preventScroll: true });
    document.getElementById(headingId)?.scrollIntoView({ block: 'start' });
  };

  const backHref = `${location.pathname}${location.search}`;
  const pages = list ? Math.ceil(list.total / list.pageSize) : 0;

  return (
    <Stack gap="md">
      <Radio.Group
        label={t('offer.area.label')}
        value={area}
        onChange={(value) => {
          const next = value === 'region' ? 'region' : 'county';
          setArea(next);
          update({ area: next });
        }}
      >
        <Group gap="lg" mt="xs">
          <Radio size="md" value="county" label={t('offer.area.county')} />
          <Radio size="md" value="region" label={t('offer.area.region')} />
        </Group>
      </Radio.Group>
      <Text size="sm" className={classes.how}>
        <strong>{t('offer.howTitle')}.</strong> {t('offer.howText')}
      </Text>

      <Title order={2} fz="h3" id={headingId} tabIndex={-1} className={classes.focusHeading}>
        {list ? offerHeading(t, list) : t('offer.title')}
      </Title>

      {offer.isError && !list ? (
        <Alert
          color="red"
          variant="light"
          role="alert"
          icon={<IconAlertTriangle aria-hidden />}
          title={t('offer.error.title')}
        >
          <Stack gap="sm" align="flex-start">
            <Text>
              {offer.error instanceof ApiError && offer.error.status < 500
                ? t(apiErrorMessageKeys(offer.error))
                : t('offer.error.text')}
            </Text>
            <Button
              variant="default"
              leftSection={<IconRefresh size={18} aria-hidden />}
              loading={offer.isFetching}
              onClick={() => void offer.refetch()}
            >
              {t('offer.error.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : !list ? (
        <CardsSkeleton label={t('offer.loading')} />
      ) : (
        <OfferResults
          list={list}
          busy={offer.isPlaceholderData}
          backHref={backHref}
          onFirstPage={() => changePage(1)}
        />
      )}

      {list && pages > 1 ? (
        <nav aria-label={t('catalogue:list.pagination.label')}>
          <Pagination
            total={pages}
            value={list.page}
            onChange={changePage}
            withEdges
            siblings={1}
            getItemProps={(item) => ({
              'aria-label': t('catalogue:list.pagination.page', { page: item }),
              ...(item === list.page ? { 'aria-current': 'page' } : {}),
            })}
            getControlProps={(control) => ({ 'aria-label': t(`catalogue:list.pagination.${control}`) })}
          />
        </nav>
      ) : null}
    </Stack>
  );
}

type OfferT = ReturnType<typeof useTranslation<['clients', 'catalogue', 'errors']>>['t'];

/** "12 services – Břeclav district" / "5 services – Jihomoravský kraj". */
function offerHeading(t: OfferT, list: ServiceOfferPage): string {
  const where =
    list.scope === 'county' && list.area.county
      ? t('address.county', { name: list.area.county.name })
      : list.area.region.name;
  return t('offer.heading', { count: list.total, area: where });
}

function OfferResults({
  list,
  busy,
  backHref,
  onFirstPage,
}: {
  list: ServiceOfferPage;
  busy: boolean;
  backHref: string;
  onFirstPage: () => void;
}) {
  const { t } = useTranslation(['clients', 'catalogue']);

  const needLine =
    list.recommendedTypes.length > 0 ? (
      <Text>
        {t('offer.needs', {
          types: list.recommendedTypes.map((code) => t(`catalogue:serviceTypes.${code}`)).join(', '),
        })}
      </Text>
    ) : (
      <Text c="dimmed">{t('offer.noNeeds')}</Text>
    );

  const fallback =
    list.fallback && list.area.county ? (
      <Alert
        color="blue"
        variant="light"
        icon={<IconInfoCircle aria-hidden />}
        title={t('offer.fallback.title', { county: list.area.county.name })}
      >
        {t('offer.fallback.text', { region: list.area.region.name })}
      </Alert>
    ) : null;

  if (list.total === 0) {
    // Nothing in the county nor in its region (SPEC §8): the regional authority keeps the register.
    return (
      <>
        {needLine}
        <Alert
          color="blue"
          variant="light"
          icon={<IconInfoCircle aria-hidden />}
          title={t('offer.noServices.title')}
        >
          <Stack gap="sm" align="flex-start">
            <Text>{t('offer.noServices.text', { region: list.area.region.name })}</Text>
            <Anchor component={Link} to={paths.contact.getHref()}>
              <IconMail size={18} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 4 }} />
              {t('offer.noServices.contact')}
            </Anchor>
          </Stack>
        </Alert>
      </>
    );
  }

  if (list.items.length === 0) {
    return (
      <Alert
        color="gray"
        variant="light"
        icon={<IconInfoCircle aria-hidden />}
        title={t('catalogue:list.empty.pageTitle')}
      >
        <Stack gap="sm" align="flex-start">
          <Text>{t('catalogue:list.empty.pageText')}</Text>
          <Button variant="default" onClick={onFirstPage}>
            {t('catalogue:list.empty.firstPage')}
          </Button>
        </Stack>
      </Alert>
    );
  }

  return (
    <>
      {needLine}
      {fallback}
      <ul className={classes.results} aria-busy={busy}>
        {list.items.map((service) => (
          <li key={service.id}>
            <ServiceOfferCard service={service} regionCode={list.area.region.code} backHref={backHref} />
          </li>
        ))}
      </ul>
    </>
  );
}
