import type { Client, ClientCreate } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation, operationKey } from '@/lib/operations.ts';
import { clientQueryOptions } from './get-client.ts';
import { myClientsQueryOptions } from './list-my-clients.ts';

/** `createClient`: the client of a wizard's case, with the consent to process health data. */
export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClientCreate) => callOperation(operations.createClient, { body }),
    onSuccess: async (client: Client, body) => {
      queryClient.setQueryData(clientQueryOptions(client.id).queryKey, client);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: myClientsQueryOptions().queryKey }),
        // The wizard's progress reads the case: it has a client now.
        body.caseId
          ? queryClient.invalidateQueries({
              queryKey: operationKey(operations.getCase, { params: { caseId: body.caseId } }),
            })
          : undefined,
      ]);
    },
  });
}
