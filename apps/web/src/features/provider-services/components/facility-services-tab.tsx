import { List, Text } from '@mantine/core';
import { operations } from '@opora/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { operationQueryOptions } from '@/lib/operations.ts';
import { useActingProvider } from '@/shared-features/provider-area/provider-area.tsx';

/**
 * Placeholder of the facility's Services tab (the `services` branch builds the real one at this path):
 * the facility's services with their status, from the facility detail.
 */
export function FacilityServicesTab({ facilityId }: { facilityId: string }) {
  const { t } = useTranslation(['provider-profile', 'enums']);
  const acting = useActingProvider();
  // The facility detail the page has loaded (same query key): its services' names and statuses.
  const detail = useQuery(
    operationQueryOptions(operations.getProviderFacility, {
      params: { providerId: acting.providerId, facilityId },
    }),
  );
  const services = detail.data?.services ?? [];
  if (services.length === 0) return <Text>{t('facility.noServices')}</Text>;
  return (
    <List spacing="xs">
      {services.map((service) => (
        <List.Item key={service.id}>
          {service.name} · {t(`facility.serviceStatus.${service.status}`)}
        </List.Item>
      ))}
    </List>
  );
}
