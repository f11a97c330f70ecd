import type { SupportMessage } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { operationKey, operationQueryOptions } from '@/lib/operations.ts';

/** `getSupportMessage`: the message, its state and the replies so far. */
export function supportMessageQueryOptions(messageId: string) {
  return operationQueryOptions(operations.getSupportMessage, { params: { messageId } });
}

export function useSupportMessage(messageId: string) {
  return useQuery({ ...supportMessageQueryOptions(messageId), staleTime: 0 });
}

/**
 * After taking, answering or closing a message: the message as the answer has it; the inbox (its
 * counts) and the audit log (which now lists the step) are read again.
 */
export async function storeSupportMessage(queryClient: QueryClient, message: SupportMessage) {
  queryClient.setQueryData(supportMessageQueryOptions(message.id).queryKey, message);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: operationKey(operations.listSupportMessages) }),
    queryClient.invalidateQueries({ queryKey: operationKey(operations.listStaffAudit) }),
  ]);
}
