import { Card, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '@/components/ui/page-states.tsx';
import { useProviderServiceCapacity } from './api.ts';
import { CapacityEditor } from './capacity-editor.tsx';

/**
 * A service's capacity with its one-click update, for a page of the provider area that shows one
 * service (its detail, a request for it). Shows nothing when the person may not update it (the API
 * answers 404 then: another facility's service for a worker). Needs the `provider-capacity` and
 * `catalogue` namespaces.
 */
export function ServiceCapacityCard({
  providerId,
  serviceId,
  headingOrder = 2,
}: {
  providerId: string;
  serviceId: string;
  headingOrder?: 2 | 3 | 4;
}) {
  const { t } = useTranslation('provider-capacity');
  const capacity = useProviderServiceCapacity(providerId, serviceId);
  if (capacity.isPending) {
    return (
      <LoadingState label={t('card.title')}>
        <Card withBorder radius="md" padding="md">
          <Stack gap="sm">
            <Skeleton height={22} width="40%" />
            <Skeleton height={16} width="70%" />
            <Skeleton height={36} />
            <Skeleton height={60} />
          </Stack>
        </Card>
      </LoadingState>
    );
  }
  // 404: not a service this person may update; any other failure leaves the page's own content alone.
  if (capacity.isError) return null;
  return (
    <CapacityEditor
      providerId={providerId}
      capacity={capacity.data}
      headingOrder={headingOrder}
      showServiceName={false}
    />
  );
}
