import type { CaseCreateInput } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { callOperation } from '@/lib/operations.ts';

/** `createClientCase`: a new case for an existing client (the new-case wizard's first save). */
export function createClientCase(clientId: string, body: CaseCreateInput) {
  return callOperation(operations.createClientCase, { params: { clientId }, body });
}
