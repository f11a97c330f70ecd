import type { ServiceOfferQuery } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { operationKey, operationQueryOptions } from '@/lib/operations.ts';

/** Every page and area of every client's pool (to refresh them after the client changed). */
export const serviceOfferBaseKey = operationKey(operations.getClientServiceOffer);

/** `getClientServiceOffer`: a page of the client's services pool in the county or the region. */
export function serviceOfferQueryOptions(clientId: string, query: ServiceOfferQuery) {
  return queryOptions({
    ...operationQueryOptions(operations.getClientServiceOffer, { params: { clientId }, query }),
    // The previous page stays up while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/** `enabled`: false without a live subscription, which the pool needs (the API would answer 402). */
export function useServiceOffer(
  clientId: string,
  query: ServiceOfferQuery,
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({ ...serviceOfferQueryOptions(clientId, query), enabled });
}
