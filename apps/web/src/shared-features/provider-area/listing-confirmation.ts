import { operations } from '@opora/contracts/endpoints';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation, operationQueryOptions } from '@/lib/operations.ts';

/** `getListingConfirmation`: when the provider last confirmed its listing, and whether it is due. */
export function listingConfirmationQueryOptions(providerId: string | undefined) {
  return operationQueryOptions(
    operations.getListingConfirmation,
    providerId === undefined ? skipToken : { params: { providerId } },
  );
}

export function useListingConfirmation(providerId: string | undefined) {
  return useQuery({
    ...listingConfirmationQueryOptions(providerId),
    // Due at most once in six months: looked at again when the person comes back, not on every page.
    staleTime: 5 * 60_000,
  });
}

/** `confirmListing`: "my listing is up to date"; the answer is the new state, kept as the query's data. */
export function useConfirmListing(providerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callOperation(operations.confirmListing, { params: { providerId } }),
    onSuccess: (confirmation) =>
      queryClient.setQueryData(listingConfirmationQueryOptions(providerId).queryKey, confirmation),
  });
}
