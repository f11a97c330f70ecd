import {
  type PossibleDuplicate,
  PossibleDuplicateSchema,
  type ProviderClientCreate,
  type ProviderEntryRequest,
} from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client.ts';
import { callOperation, operationKey, operationQueryOptions } from '@/lib/operations.ts';

// A provider's own clients and the record of care (issue 24 §2).

/** `getProviderClient`: the client, the consent an own client gave, and their requests here, oldest first. */
export function providerClientQueryOptions(providerId: string, clientId: string) {
  return operationQueryOptions(operations.getProviderClient, { params: { providerId, clientId } });
}

export function useProviderClient(providerId: string, clientId: string) {
  return useQuery({ ...providerClientQueryOptions(providerId, clientId), staleTime: 10_000 });
}

/** A new request shows in the grid, the badge's count, the dashboard and the record of care. */
function refreshAfterEntry(queryClient: QueryClient) {
  return Promise.all(
    [
      operations.listProviderCareRequests,
      operations.listProviderMemberships,
      operations.getProviderDashboard,
      operations.getProviderClient,
    ].map((operation) => queryClient.invalidateQueries({ queryKey: operationKey(operation) })),
  );
}

export function useRefreshAfterEntry() {
  const queryClient = useQueryClient();
  return () => refreshAfterEntry(queryClient);
}

export function createProviderClient(providerId: string, body: ProviderClientCreate) {
  return callOperation(operations.createProviderClient, { params: { providerId }, body });
}

export function createProviderClientRequest(
  providerId: string,
  clientId: string,
  body: ProviderEntryRequest,
) {
  return callOperation(operations.createProviderClientRequest, { params: { providerId, clientId }, body });
}

const candidatesSchema = PossibleDuplicateSchema.array();

/** The people a 409 `PossibleDuplicateClient` names; null for any other failure. */
export function possibleDuplicates(error: unknown): PossibleDuplicate[] | null {
  if (!(error instanceof ApiError) || error.code !== 'PossibleDuplicateClient') return null;
  const candidates = candidatesSchema.safeParse(error.problem.candidates);
  return candidates.success ? candidates.data : [];
}
