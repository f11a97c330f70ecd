import type { CurrentUser, PermissionLink } from '@opora/contracts';
import { useSyncExternalStore } from 'react';
import { currentUserQueryKey } from './auth/current-user-key.ts';
import { readAccessToken } from './auth/token-cookies.ts';
import { queryClient } from './query-client.ts';

/**
 * What the shell knows about the session: whether a token is held, and the signed-in user once
 * loaded. Loading, refreshing and signing in or out live in `auth/session-runtime.ts`, downloaded
 * only when someone holds a token or signs in.
 */

export type SessionUser = CurrentUser;
export type { PermissionLink };

/** Whether the browser holds an access token (the `access_token` cookie). */
export function hasAccessToken(): boolean {
  return readAccessToken() !== null;
}

/**
 * Whether the held access token is still valid by its own clock (the JWT's `exp`, with a margin), so
 * that a call sent with it now should pass without a refresh. Only a hint for starting reads early
 * (app/router.tsx): the server decides, and a 401 still renews the tokens.
 */
export function hasFreshAccessToken(nowMs: number = Date.now()): boolean {
  const payload = readAccessToken()?.split('.')[1];
  if (!payload) return false;
  try {
    const { exp } = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof exp === 'number' && exp * 1000 > nowMs + freshnessMarginMs;
  } catch {
    return false;
  }
}

/** A token this close to its end may expire on the way. */
const freshnessMarginMs = 10_000;

/**
 * The signed-in user (refreshing the tokens first when this page has not loaded them yet), or null
 * for a guest. Rejects when a token is held but the user cannot be loaded.
 */
export async function loadSessionUser(): Promise<SessionUser | null> {
  const cached = queryClient.getQueryData<SessionUser>(currentUserQueryKey);
  if (cached && hasAccessToken()) return cached;
  const { ensureSessionUser } = await import('./auth/session-runtime.ts');
  return ensureSessionUser();
}

/** SPEC §6: a permission is held when any link names the route or the operation. */
export function hasPermission(user: SessionUser, permission: string): boolean {
  return user.permissions.some((link) => link.routeName === permission || link.operationId === permission);
}

export { intendSessionEnd, takeIntendedSessionEnd } from './auth/session-end.ts';

function subscribe(listener: () => void): () => void {
  return queryClient.getQueryCache().subscribe(listener);
}

function snapshot(): SessionUser | null {
  return queryClient.getQueryData<SessionUser>(currentUserQueryKey) ?? null;
}

/** The signed-in user for rendering (header, pages); null for a guest. */
export function useSessionUser(): SessionUser | null {
  return useSyncExternalStore(subscribe, snapshot);
}

function loadingSnapshot(): boolean {
  if (!hasAccessToken()) return false;
  const state = queryClient.getQueryState(currentUserQueryKey);
  return state?.data === undefined && state?.status !== 'error';
}

/**
 * Whether a token is held but its user is not loaded yet (the first page of a visit): the header keeps
 * the signed-in controls' place instead of offering sign-in for a moment.
 */
export function useSessionLoading(): boolean {
  return useSyncExternalStore(subscribe, loadingSnapshot);
}
