import type { Client, ClientUpdate } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '@/lib/operations.ts';
import { clientQueryOptions } from './get-client.ts';
import { serviceOfferBaseKey } from './get-client-service-offer.ts';
import { myClientsQueryOptions } from './list-my-clients.ts';

/** `updateClient`: the whole form again; a left-out birth number keeps the stored one, `null` removes it. */
export function useUpdateClient(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClientUpdate) =>
      callOperation(operations.updateClient, { params: { clientId }, body }),
    onSuccess: async (client: Client) => {
      queryClient.setQueryData(clientQueryOptions(clientId).queryKey, client);
      // Name, region and the county of the pool may have changed.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: myClientsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: serviceOfferBaseKey }),
      ]);
    },
  });
}
