import {
  type CaseSurvey,
  type CaseSurveySave,
  type CaseSurveyType,
  type GuestCaseCreate,
  guestSecretHeader,
} from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-error.ts';
import { callOperation } from '@/lib/operations.ts';

/**
 * A guest's cases (anonymous wizard): the secret the server answered for each, kept in this browser's
 * localStorage under the case id — not a cookie, so no other site can make the browser send it. Only
 * this browser can open the answers; clearing its data loses them (the page says so). Removed once the
 * case is claimed by an account.
 */
const storageKey = 'opora.guestCases';

function readAll(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(storageKey) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

function writeAll(all: Record<string, string>): void {
  try {
    if (Object.keys(all).length === 0) window.localStorage.removeItem(storageKey);
    else window.localStorage.setItem(storageKey, JSON.stringify(all));
  } catch {
    // Storage full or blocked: the case still works in this tab until it is closed.
  }
}

export function guestSecretOf(caseId: string | null | undefined): string | null {
  if (!caseId) return null;
  const secret = readAll()[caseId];
  return typeof secret === 'string' ? secret : null;
}

export function rememberGuestCase(caseId: string, secret: string): void {
  writeAll({ ...readAll(), [caseId]: secret });
}

export function forgetGuestCase(caseId: string): void {
  const { [caseId]: _spent, ...rest } = readAll();
  writeAll(rest);
}

const headersFor = (secret: string) => ({ [guestSecretHeader]: secret });

export function createGuestCase(body: GuestCaseCreate) {
  return callOperation(operations.createGuestCase, { body });
}

export function guestCaseQueryOptions(caseId: string, secret: string) {
  return queryOptions({
    queryKey: [operations.getGuestCase.operationId, caseId],
    queryFn: ({ signal }) =>
      callOperation(operations.getGuestCase, { params: { caseId } }, { signal, headers: headersFor(secret) }),
  });
}

export function useGuestCase(caseId: string | null, secret: string | null) {
  return useQuery({ ...guestCaseQueryOptions(caseId ?? '', secret ?? ''), enabled: !!caseId && !!secret });
}

export function guestCaseSurveyQueryOptions(caseId: string, secret: string, type: CaseSurveyType) {
  return queryOptions({
    queryKey: [operations.getGuestCaseSurvey.operationId, caseId, type],
    queryFn: ({ signal }) =>
      callOperation(
        operations.getGuestCaseSurvey,
        { params: { caseId, type } },
        { signal, headers: headersFor(secret) },
      ),
  });
}

export function saveGuestCaseSurvey(
  caseId: string,
  secret: string,
  type: CaseSurveyType,
  body: CaseSurveySave,
): Promise<CaseSurvey> {
  return callOperation(
    operations.saveGuestCaseSurvey,
    { params: { caseId, type }, body },
    { headers: headersFor(secret) },
  );
}

/**
 * Claims the guest case this browser holds the secret of for the signed-in account, then forgets the
 * secret. Answers whether the case is now the account's; a 404 (claimed elsewhere, expired, another
 * account) forgets the spent secret too. Other failures leave it for the next try.
 */
export async function claimStoredGuestCase(caseId: string): Promise<boolean> {
  const secret = guestSecretOf(caseId);
  if (!secret) return false;
  try {
    await callOperation(operations.claimGuestCase, { params: { caseId } }, { headers: headersFor(secret) });
    forgetGuestCase(caseId);
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) forgetGuestCase(caseId);
    return false;
  }
}
