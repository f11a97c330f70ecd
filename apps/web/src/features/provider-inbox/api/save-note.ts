import type { ProviderNoteSave } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { callOperation } from '@/lib/operations.ts';

/** `saveProviderCareRequestNote`: the whole note, over the version it was typed on. */
export function saveProviderNote(providerId: string, careRequestId: string, body: ProviderNoteSave) {
  return callOperation(operations.saveProviderCareRequestNote, {
    params: { providerId, careRequestId },
    body,
  });
}
