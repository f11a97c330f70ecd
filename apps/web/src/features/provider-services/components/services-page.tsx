import { Button, Group, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { isOneOf, serviceStatuses } from '@opora/contracts';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs, useSearchParams } from 'react-router';
import { LoadError, LoadingState } from '@/components/ui/page-states.tsx';
import { paths } from '@/config/paths.ts';
import { queryClient } from '@/lib/query-client.ts';
import { prefetchProviderArea } from '@/shared-features/provider-area/prefetch.ts';
import { ProviderArea, useActingProvider } from '@/shared-features/provider-area/provider-area.tsx';
import { providerServicesQueryOptions, useProviderServices } from '../api/provider-services.ts';
import { managesServices } from './manages-services.ts';
import { ServicesTable } from './services-table.tsx';

/** `/provider/services` (issue 23 §3): every service of the provider, filtered by status (`?status=`). */
export function ServicesPage() {
  return (
    <ProviderArea section="services">
      <Services />
    </ProviderArea>
  );
}

function Services() {
  const { t } = useTranslation(['provider-services', 'common']);
  const acting = useActingProvider();
  const [search, setSearch] = useSearchParams();
  const requested = search.get('status');
  const status = isOneOf(serviceStatuses, requested) ? requested : undefined;
  const services = useProviderServices(acting.providerId, status ? { status } : {});

  const chooseStatus = (value: string) => {
    const next = new URLSearchParams(search);
    if (isOneOf(serviceStatuses, value)) next.set('status', value);
    else next.delete('status');
    setSearch(next, { replace: true, preventScrollReset: true });
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4}>
          <Title order={1}>{t('common:routes.providerServices.title')}</Title>
          <Text size="lg">{t('list.intro')}</Text>
        </Stack>
        {managesServices(acting) ? (
          <Button
            component={Link}
            to={paths.providerServiceNew.getHref()}
            leftSection={<IconPlus size={20} aria-hidden />}
          >
            {t('list.new')}
          </Button>
        ) : null}
      </Group>
      <Stack gap={4}>
        <Text id="services-status" fw={600} size="sm">
          {t('list.filter')}
        </Text>
        <SegmentedControl
          aria-labelledby="services-status"
          color="opora"
          value={status ?? 'all'}
          onChange={chooseStatus}
          style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
          data={[
            { value: 'all', label: t('list.all') },
            ...serviceStatuses.map((value) => ({ value, label: t(`status.${value}`) })),
          ]}
        />
      </Stack>
      {services.isError ? (
        <LoadError
          title={t('list.errorTitle')}
          text={t('list.errorText')}
          retryLabel={t('list.retry')}
          retrying={services.isFetching}
          onRetry={() => void services.refetch()}
        />
      ) : services.data ? (
        services.data.items.length === 0 ? (
          <Text size="lg">{status ? t('list.emptyFiltered') : t('list.empty')}</Text>
        ) : (
          <ServicesTable items={services.data.items} />
        )
      ) : (
        <LoadingState label={t('list.loading')}>
          <Stack gap="xs">
            <Skeleton height={40} />
            <Skeleton height={40} />
            <Skeleton height={40} />
          </Stack>
        </LoadingState>
      )}
    </Stack>
  );
}

/** The route's loader calls it (app/router.tsx): the area's reads and the list start together. */
export function prefetch(args: LoaderFunctionArgs): void {
  const requested = new URL(args.request.url).searchParams.get('status');
  const status = isOneOf(serviceStatuses, requested) ? requested : undefined;
  prefetchProviderArea(args, (providerId) => {
    void queryClient.prefetchQuery(providerServicesQueryOptions(providerId, status ? { status } : {}));
  });
}
