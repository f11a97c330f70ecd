import { Anchor, Button, Group, SegmentedControl, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { isOneOf, type ProviderServiceListItem, serviceStatuses } from '@opora/contracts';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LoadError, LoadingState } from '@/components/ui/page-states.tsx';
import { paths } from '@/config/paths.ts';
import { ProviderArea, useActingProvider } from '@/shared-features/provider-area/provider-area.tsx';
import { formatInstantDate } from '@/shared-features/requests/dates.ts';
import { useProviderServices } from '../api/provider-services.ts';
import { managesServices } from './manages-services.ts';
import { ServiceStatusBadge } from './service-status-badge.tsx';

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

/** The services as a table; on a phone its columns scroll sideways, the name stays first. */
export function ServicesTable({
  items,
  withFacility = true,
}: {
  items: ProviderServiceListItem[];
  withFacility?: boolean;
}) {
  const { t } = useTranslation(['provider-services', 'catalogue']);
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('list.name')}</Table.Th>
            {withFacility ? <Table.Th>{t('list.facility')}</Table.Th> : null}
            <Table.Th>{t('list.type')}</Table.Th>
            <Table.Th>{t('list.statusColumn')}</Table.Th>
            <Table.Th>{t('list.updated')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((service) => (
            <Table.Tr key={service.id}>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={paths.providerService.getHref({ serviceId: service.id })}
                  fw={600}
                >
                  {service.name}
                </Anchor>
              </Table.Td>
              {withFacility ? <Table.Td>{service.facility.name}</Table.Td> : null}
              <Table.Td>{t(`catalogue:serviceTypes.${service.serviceType.code}`)}</Table.Td>
              <Table.Td>
                <ServiceStatusBadge status={service.status} />
              </Table.Td>
              <Table.Td>{formatInstantDate(service.updatedAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
