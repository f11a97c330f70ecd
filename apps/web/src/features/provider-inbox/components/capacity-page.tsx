import { Alert, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ProviderServiceCapacity } from '@opora/contracts';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { LoadError, LoadingState } from '@/components/ui/page-states.tsx';
import { prefetchProviderArea } from '@/shared-features/provider-area/prefetch.ts';
import { ProviderArea, useActingProvider } from '@/shared-features/provider-area/provider-area.tsx';
import { useProviderServiceCapacities } from '@/shared-features/service-capacity/api.ts';
import { CapacityEditor } from '@/shared-features/service-capacity/capacity-editor.tsx';
import classes from './capacity-page.module.css';

/** `/provider/capacity` (issue 23 §4): live capacity of every service the person may update. */
export function CapacityPage() {
  return (
    <ProviderArea section="capacity">
      <Capacity />
    </ProviderArea>
  );
}

interface FacilityGroup {
  id: string;
  name: string;
  items: ProviderServiceCapacity[];
}

/** By facility, in the API's order (the stale first): a facility with a stale service comes first. */
function byFacility(items: readonly ProviderServiceCapacity[]): FacilityGroup[] {
  const groups = new Map<string, FacilityGroup>();
  for (const item of items) {
    const group = groups.get(item.facility.id) ?? {
      id: item.facility.id,
      name: item.facility.name,
      items: [],
    };
    group.items.push(item);
    groups.set(item.facility.id, group);
  }
  return [...groups.values()];
}

function Capacity() {
  const { t } = useTranslation(['provider-capacity', 'common']);
  const acting = useActingProvider();
  const capacities = useProviderServiceCapacities(acting.providerId);
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} className={classes.title}>
          {t('common:routes.providerCapacity.title')}
        </Title>
        <Text size="lg">{t('page.intro')}</Text>
      </Stack>
      <CapacityBody providerId={acting.providerId} capacities={capacities} />
    </Stack>
  );
}

function CapacityBody({
  providerId,
  capacities,
}: {
  providerId: string;
  capacities: ReturnType<typeof useProviderServiceCapacities>;
}) {
  const { t } = useTranslation('provider-capacity');
  if (capacities.isError && !capacities.data) {
    return (
      <LoadError
        title={t('page.loadError')}
        text={t('page.loadErrorText')}
        retryLabel={t('page.retry')}
        retrying={capacities.isFetching}
        onRetry={() => void capacities.refetch()}
      />
    );
  }
  if (!capacities.data) {
    return (
      <LoadingState label={t('card.title')}>
        <Stack gap="md">
          <Skeleton height={28} width="30%" />
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} height={220} radius="md" />
          ))}
        </Stack>
      </LoadingState>
    );
  }
  const { items } = capacities.data;
  if (items.length === 0) {
    return (
      <Alert color="gray" variant="light" title={t('page.emptyTitle')}>
        {t('page.emptyText')}
      </Alert>
    );
  }
  const staleCount = items.filter((item) => item.stale).length;
  return (
    <Stack gap="xl">
      {staleCount > 0 ? (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />}>
          {t('page.staleCount', { count: staleCount })}
        </Alert>
      ) : (
        <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden />}>
          {t('page.allFresh')}
        </Alert>
      )}
      {byFacility(items).map((group) => (
        <section key={group.id} aria-labelledby={`facility-${group.id}`}>
          <Stack gap="sm">
            <Title order={2} size="h3" id={`facility-${group.id}`}>
              {group.name}
            </Title>
            <div className={classes.grid}>
              {group.items.map((capacity) => (
                <CapacityEditor key={capacity.serviceId} providerId={providerId} capacity={capacity} />
              ))}
            </div>
          </Stack>
        </section>
      ))}
    </Stack>
  );
}

/**
 * The route's loader calls it (app/router.tsx): the area's reads start together. The page's own read
 * is not among them: it is read afresh as the page shows (`staleTime: 0`), a prefetch would be read twice.
 */
export function prefetch(args: LoaderFunctionArgs): void {
  prefetchProviderArea(args);
}
