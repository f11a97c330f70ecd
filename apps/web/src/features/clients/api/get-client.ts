import { operations } from '@opora/contracts/endpoints';
import { operationQueryOptions } from '@/lib/operations.ts';

/** `getClient`: one of the carer's clients, the birth number masked. */
export function clientQueryOptions(clientId: string) {
  return operationQueryOptions(operations.getClient, { params: { clientId } });
}
