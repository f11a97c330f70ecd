import { type ProviderNoteSave, saveProviderCareRequestNoteRoute } from '@opora/contracts';
import { callOperation } from '@/lib/operations.ts';

/** `saveProviderCareRequestNote`: the whole note, over the version it was typed on. */
export function saveProviderNote(providerId: string, careRequestId: string, body: ProviderNoteSave) {
  return callOperation(saveProviderCareRequestNoteRoute, { params: { providerId, careRequestId }, body });
}
