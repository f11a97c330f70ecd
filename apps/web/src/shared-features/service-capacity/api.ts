import type {
  ProviderCapacityUpdate,
  ProviderServiceCapacity,
  ProviderServiceCapacityList,
} from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { type QueryClient, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation, operationKey, operationQueryOptions } from '@/lib/operations.ts';

// Live capacity of a provider's services: the capacity page, the card on a service and in a request,
// and the one-click update. Capacity changes outside this page (a decline that marked a service full),
// so every read is fresh on each visit.

export function providerServiceCapacitiesQueryOptions(providerId: string) {
  return operationQueryOptions(operations.listProviderServiceCapacities, { params: { providerId } });
}

export function useProviderServiceCapacities(providerId: string) {
  return useQuery({ ...providerServiceCapacitiesQueryOptions(providerId), staleTime: 0 });
}

export function providerServiceCapacityQueryOptions(providerId: string, serviceId: string | undefined) {
  return operationQueryOptions(
    operations.getProviderServiceCapacity,
    serviceId === undefined ? skipToken : { params: { providerId, serviceId } },
  );
}

/** One service's capacity; `retry: false`, as a 404 means the caller may not update it (no card then). */
export function useProviderServiceCapacity(providerId: string, serviceId: string | undefined) {
  return useQuery({
    ...providerServiceCapacityQueryOptions(providerId, serviceId),
    staleTime: 0,
    retry: false,
  });
}

/** The answer of an update into both reads, and the public catalogue's pages read again. */
export function storeServiceCapacity(
  queryClient: QueryClient,
  providerId: string,
  capacity: ProviderServiceCapacity,
) {
  queryClient.setQueryData(
    providerServiceCapacityQueryOptions(providerId, capacity.serviceId).queryKey,
    capacity,
  );
  queryClient.setQueryData(
    providerServiceCapacitiesQueryOptions(providerId).queryKey,
    (list: ProviderServiceCapacityList | undefined) =>
      list && {
        items: list.items.map((item) => (item.serviceId === capacity.serviceId ? capacity : item)),
      },
  );
  for (const operation of [
    operations.listServices,
    operations.getService,
    operations.getClientServiceOffer,
    // An administrator's or coordinator's update confirmed the listing (decision 0108).
    operations.getListingConfirmation,
  ]) {
    void queryClient.invalidateQueries({ queryKey: operationKey(operation) });
  }
}

/** `updateProviderServiceCapacity`: confirm as is, mark full, or set accepting, places and wait. */
export function useUpdateServiceCapacity(providerId: string, serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProviderCapacityUpdate) =>
      callOperation(operations.updateProviderServiceCapacity, { params: { providerId, serviceId }, body }),
    onSuccess: (capacity) => storeServiceCapacity(queryClient, providerId, capacity),
  });
}
