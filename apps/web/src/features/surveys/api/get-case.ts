import { getCaseRoute } from '@opora/contracts';
import { operationKey } from '@/lib/operations.ts';

/** `getCase`'s key: the case with its client and where its questionnaires stand. */
export function caseQueryKey(caseId: string) {
  return operationKey(getCaseRoute, { params: { caseId } });
}
