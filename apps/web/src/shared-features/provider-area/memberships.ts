import { operations, type ProviderMembership } from '@opora/contracts';
import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { operationQueryOptions } from '@/lib/operations.ts';

/** `listProviderMemberships`: the providers the signed-in person works for, with the badge's count. */
export function membershipsQueryOptions() {
  return operationQueryOptions(operations.listProviderMemberships, {});
}

export function useProviderMemberships() {
  // The badge's count of new requests: worth a fresh look whenever the person comes back to the tab.
  return useQuery({ ...membershipsQueryOptions(), staleTime: 30_000, refetchOnWindowFocus: true });
}

const storageKey = 'opora.provider';
const listeners = new Set<() => void>();

function readStored(): string | null {
  try {
    return window.localStorage.getItem(storageKey);
  } catch {
    return null;
  }
}

let stored = typeof window === 'undefined' ? null : readStored();

/** Remembers the provider the person acts for (SPEC: one at a time), across visits. */
export function storeActingProviderId(providerId: string): void {
  stored = providerId;
  try {
    window.localStorage.setItem(storageKey, providerId);
  } catch {
    // Storage may be disabled; the choice then lasts for this page only.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The remembered choice if the person still belongs to it, else their first provider. */
export function actingMembership(
  memberships: readonly ProviderMembership[],
  storedId: string | null = stored,
): ProviderMembership | undefined {
  return memberships.find((membership) => membership.providerId === storedId) ?? memberships[0];
}

export function useStoredProviderId(): string | null {
  return useSyncExternalStore(subscribe, () => stored);
}
