import { getClientRoute } from '@opora/contracts';
import { skipToken, useQuery } from '@tanstack/react-query';
import { operationQueryOptions } from '@/lib/operations.ts';

/** `getClient`: the wizard case's client, whose country chooses the currency of the plans. */
export function useClient(clientId: string | null) {
  return useQuery(
    operationQueryOptions(getClientRoute, clientId === null ? skipToken : { params: { clientId } }),
  );
}
