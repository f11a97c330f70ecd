import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Polls `probe` until it answers something other than undefined, or fails after `timeoutMs` naming
 * what it waited for: how tests wait for background work (a queued e-mail, a job) without sleeping a
 * guessed time.
 */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  { timeoutMs = 10_000, intervalMs = 25 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (performance.now() > deadline) throw new Error(`Waited ${timeoutMs} ms for ${what}`);
    await sleep(intervalMs);
  }
}
