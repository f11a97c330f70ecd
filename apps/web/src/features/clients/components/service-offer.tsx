import { Group, Radio, Stack, Text, Title } from '@mantine/core';
import type { ServiceOffer as ServiceOfferPage } from '@opora/contracts';
import { useDeferredValue, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { LoadError } from '@/components/ui/page-states.tsx';
import type { WizardKind } from '@/config/wizard-steps.ts';
import { ApiError } from '@/lib/api-client.ts';
import { apiErrorMessageKeys } from '@/lib/api-error-message.ts';
import { useServiceTypeName } from '@/lib/reference-data/use-service-type-name.ts';
import { useSessionUser } from '@/lib/session.ts';
import {
  AreaFallbackNotice,
  NoServicesNotice,
  PageGoneNotice,
  ServiceCardList,
  ServiceCardsSkeleton,
} from '@/shared-features/services/service-list-states.tsx';
import { ServicesPagination } from '@/shared-features/services/services-pagination.tsx';
import { useServiceOffer } from '../api/get-client-service-offer.ts';
import { type OfferArea, offerQuery, offerSearch } from '../utils/offer-search.ts';
import classes from './clients.module.css';
import { ServiceOfferCard } from './service-offer-card.tsx';
import { SubscriptionTeaser } from './subscription-teaser.tsx';

/**
 * The services pool of a client (SPEC §2, §4): in the county where care is given (its region's
 * services when the county has none) or in the region of permanent residence, ordered by the need
 * the case survey describes, then verified providers, then name; each card says why it is shown.
 * The area and page live in the address (`?area=&page=`), beside the client page's tab.
 * `caseId`: the wizard's case, whose answers the order follows (the client's latest case otherwise).
 * The pool needs a live subscription (SPEC §4): without one (the signed-in user has none, or the API
 * answers 402) the plans are offered instead, leading to the payment step of `wizard`.
 * `requestable`: each card leads on to sending a request for the service.
 */
export function ServiceOffer({
  clientId,
  caseId,
  wizard,
  requestable = false,
}: {
  clientId: string;
  caseId?: string;
  wizard: WizardKind;
  requestable?: boolean;
}) {
  const { t } = useTranslation(['clients', 'catalogue', 'errors']);
  const [search, setSearch] = useSearchParams();
  const location = useLocation();
  const { area: searchArea, page } = offerSearch(search);
  // The choice shows at once; the address follows (and Back or a shared link set it again).
  const [area, setArea] = useState(searchArea);
  useEffect(() => setArea(searchArea), [searchArea]);
  const subscribed = (useSessionUser()?.subscription ?? null) !== null;
  const offer = useServiceOffer(
    clientId,
    { ...offerQuery(search, caseId), area, ...(area === searchArea ? {} : { page: 1 }) },
    { enabled: subscribed },
  );
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

  if (!subscribed || (offer.error instanceof ApiError && offer.error.code === 'InsufficientSubscription')) {
    return <SubscriptionTeaser clientId={clientId} caseId={caseId ?? null} wizard={wizard} />;
  }

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
        <LoadError
          title={t('offer.error.title')}
          text={
            offer.error instanceof ApiError && offer.error.status < 500
              ? t(apiErrorMessageKeys(offer.error))
              : t('offer.error.text')
          }
          retryLabel={t('offer.error.retry')}
          retrying={offer.isFetching}
          onRetry={() => void offer.refetch()}
        />
      ) : !list ? (
        <ServiceCardsSkeleton label={t('offer.loading')} />
      ) : (
        <OfferResults
          list={list}
          busy={offer.isPlaceholderData}
          backHref={backHref}
          requestable={requestable}
          onFirstPage={() => changePage(1)}
        />
      )}

      {list ? (
        <ServicesPagination
          page={list.page}
          total={list.total}
          pageSize={list.pageSize}
          onChange={changePage}
        />
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
  requestable,
  onFirstPage,
}: {
  list: ServiceOfferPage;
  busy: boolean;
  backHref: string;
  requestable: boolean;
  onFirstPage: () => void;
}) {
  const { t } = useTranslation(['clients', 'catalogue']);
  const serviceTypeName = useServiceTypeName();

  const needLine =
    list.recommendedTypes.length > 0 ? (
      <Text>
        {t('offer.needs', {
          types: list.recommendedTypes.map((code) => serviceTypeName(code)).join(', '),
        })}
      </Text>
    ) : (
      <Text c="dimmed">{t('offer.noNeeds')}</Text>
    );

  if (list.total === 0) {
    // Nothing in the county nor in its region (SPEC §8): the regional authority keeps the register.
    return (
      <>
        {needLine}
        <NoServicesNotice
          title={t('offer.noServices.title')}
          text={t('offer.noServices.text', { region: list.area.region.name })}
          contactLabel={t('offer.noServices.contact')}
        />
      </>
    );
  }

  if (list.items.length === 0) return <PageGoneNotice onFirstPage={onFirstPage} />;

  return (
    <>
      {needLine}
      {list.fallback && list.area.county ? (
        <AreaFallbackNotice
          title={t('offer.fallback.title', { county: list.area.county.name })}
          text={t('offer.fallback.text', { region: list.area.region.name })}
        />
      ) : null}
      <ServiceCardList busy={busy}>
        {list.items.map((service) => (
          <li key={service.id}>
            <ServiceOfferCard
              service={service}
              caseId={list.caseId}
              backHref={backHref}
              requestable={requestable}
            />
          </li>
        ))}
      </ServiceCardList>
    </>
  );
}
