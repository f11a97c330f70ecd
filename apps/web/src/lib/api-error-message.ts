import { type ErrorCode, errorMessageKey } from '@opora/contracts';
import type { ApiError } from './api-client.ts';

/**
 * Keys to translate with `t(apiErrorMessageKeys(error))`: the message of the error's catalogue code
 * (SPEC §8), else the generic one. Apart from `ApiError` so that only the pages showing messages load
 * the error catalogue, not the shell.
 */
export function apiErrorMessageKeys(error: ApiError): [`errors:${ErrorCode}`, 'errors:unknown'] {
  return [errorMessageKey(error.code), 'errors:unknown'];
}
