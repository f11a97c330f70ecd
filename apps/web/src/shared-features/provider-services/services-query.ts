import type { ProviderServiceListQuery } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { useQuery } from '@tanstack/react-query';
import { operationQueryOptions } from '@/lib/operations.ts';

// The provider's services as a list (`listProviderServices`): the services pages and the forms that
// pick one of them (a provider's own client's request) read the same answer.

export function providerServicesQueryOptions(providerId: string, query: ProviderServiceListQuery = {}) {
  return operationQueryOptions(operations.listProviderServices, { params: { providerId }, query });
}

export function useProviderServices(providerId: string, query: ProviderServiceListQuery = {}) {
  return useQuery(providerServicesQueryOptions(providerId, query));
}
