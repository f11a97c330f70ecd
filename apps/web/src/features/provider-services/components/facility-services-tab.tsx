import { Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError, LoadingState } from '@/components/ui/page-states.tsx';
import { paths } from '@/config/paths.ts';
import { useActingProvider } from '@/shared-features/provider-area/provider-area.tsx';
import { useProviderServices } from '../api/provider-services.ts';
import { managesServices } from './manages-services.ts';
import { ServicesTable } from './services-table.tsx';

/**
 * The Services tab of a facility's detail (SPEC §2 provider screens): the facility's services with
 * their status, each linking to its detail, and the way to add one to this facility. Inside
 * `ProviderArea` (it reads the acting provider).
 */
export function FacilityServicesTab({ facilityId }: { facilityId: string }) {
  const { t } = useTranslation('provider-services');
  const acting = useActingProvider();
  const services = useProviderServices(acting.providerId, { facilityId });
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={2} size="h3">
          {t('facilityTab.title')}
        </Title>
        {managesServices(acting) ? (
          <Button
            component={Link}
            to={paths.providerServiceNew.getHref(undefined, { facilityId })}
            leftSection={<IconPlus size={20} aria-hidden />}
          >
            {t('facilityTab.add')}
          </Button>
        ) : null}
      </Group>
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
          <Text>{t('facilityTab.empty')}</Text>
        ) : (
          <ServicesTable items={services.data.items} withFacility={false} />
        )
      ) : (
        <LoadingState label={t('facilityTab.loading')}>
          <Stack gap="xs">
            <Skeleton height={40} />
            <Skeleton height={40} />
          </Stack>
        </LoadingState>
      )}
    </Stack>
  );
}
