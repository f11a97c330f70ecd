import type { SurveyAnswers } from '@opora/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client.ts';
import { createSaveQueue, type SaveStatus } from './save-queue.ts';

type Call = {
  answers: SurveyAnswers;
  complete: boolean;
  resolve: (updatedAt: string) => void;
  reject: (error: unknown) => void;
};

/** A save function whose calls the test answers one by one, as a slow or failing server would. */
function server() {
  const calls: Call[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const send = (answers: SurveyAnswers, { complete }: { complete: boolean }) =>
    new Promise<{ updatedAt: string }>((resolve, reject) => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      calls.push({
        answers,
        complete,
        resolve: (updatedAt) => {
          inFlight -= 1;
          resolve({ updatedAt });
        },
        reject: (error) => {
          inFlight -= 1;
          reject(error);
        },
      });
    });
  return { calls, send, maxInFlight: () => maxInFlight };
}

const offline = () =>
  new ApiError({ status: 0, code: 'ServiceUnavailable', title: 'Network request failed' });

describe('the autosave queue', () => {
  let statuses: SaveStatus['kind'][];
  beforeEach(() => {
    vi.useFakeTimers();
    statuses = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function queueFor(api: ReturnType<typeof server>, initial: SurveyAnswers = {}) {
    const queue = createSaveQueue({
      send: api.send,
      onStatus: (status) => statuses.push(status.kind),
      initial,
      debounceMs: 800,
      retryDelaysMs: [1_000, 2_000, 5_000],
    });
    queue.start();
    return queue;
  }

  it('saves 800 ms after the last change, once', async () => {
    const api = server();
    const queue = queueFor(api);
    queue.change({ a: '1' });
    await vi.advanceTimersByTimeAsync(500);
    queue.change({ a: '12' });
    await vi.advanceTimersByTimeAsync(799);
    expect(api.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.calls.map((call) => call.answers)).toEqual([{ a: '12' }]);
    expect(api.calls[0]?.complete).toBe(false);
    api.calls[0]?.resolve('t1');
    await vi.runAllTimersAsync();
    expect(statuses.at(-1)).toBe('saved');
    expect(queue.hasUnsavedChanges()).toBe(false);
  });

  it('never has two saves in flight, and sends only the last state once the first returns', async () => {
    const api = server();
    const queue = queueFor(api);
    queue.change({ a: '1' });
    queue.flush();
    expect(api.calls).toHaveLength(1);
    queue.change({ a: '2' });
    queue.flush();
    queue.change({ a: '3' });
    queue.flush();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(api.calls).toHaveLength(1);

    api.calls[0]?.resolve('t1');
    await vi.advanceTimersByTimeAsync(0);
    expect(api.calls.map((call) => call.answers)).toEqual([{ a: '1' }, { a: '3' }]);
    expect(queue.hasUnsavedChanges()).toBe(true);
    api.calls[1]?.resolve('t2');
    await vi.runAllTimersAsync();
    expect(api.maxInFlight()).toBe(1);
    expect(queue.hasUnsavedChanges()).toBe(false);
    expect(statuses.at(-1)).toBe('saved');
  });

  it('retries a failed save with growing waits, sending the latest answers, and says so meanwhile', async () => {
    const api = server();
    const queue = queueFor(api);
    queue.change({ a: '1' });
    queue.flush();
    api.calls[0]?.reject(offline());
    await vi.advanceTimersByTimeAsync(0);
    expect(statuses.at(-1)).toBe('retrying');

    queue.change({ a: '1', b: 'x' });
    await vi.advanceTimersByTimeAsync(999);
    expect(api.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.calls).toHaveLength(2);
    expect(api.calls[1]?.answers).toEqual({ a: '1', b: 'x' });

    api.calls[1]?.reject(new ApiError({ status: 503, code: 'ServiceUnavailable', title: 'Unavailable' }));
    await vi.advanceTimersByTimeAsync(1_999);
    expect(api.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.calls).toHaveLength(3);
    api.calls[2]?.resolve('t1');
    await vi.runAllTimersAsync();
    expect(statuses.at(-1)).toBe('saved');
    expect(queue.hasUnsavedChanges()).toBe(false);
  });

  it('retries at once when the browser comes back online', async () => {
    const api = server();
    const queue = queueFor(api);
    queue.change({ a: '1' });
    queue.flush();
    api.calls[0]?.reject(offline());
    await vi.advanceTimersByTimeAsync(0);
    window.dispatchEvent(new Event('online'));
    expect(api.calls).toHaveLength(2);
    queue.stop();
  });

  it('does not retry a refusal, and shows it', async () => {
    const api = server();
    const queue = queueFor(api);
    queue.change({ a: '1' });
    queue.flush();
    api.calls[0]?.reject(new ApiError({ status: 409, code: 'Conflict', title: 'Conflict' }));
    await vi.runAllTimersAsync();
    expect(api.calls).toHaveLength(1);
    expect(statuses.at(-1)).toBe('failed');
    expect(queue.hasUnsavedChanges()).toBe(true);
  });

  it('skips a save of what the server already holds', async () => {
    const api = server();
    const queue = queueFor(api, { a: '1' });
    queue.change({ a: '1' });
    await vi.runAllTimersAsync();
    expect(api.calls).toHaveLength(0);
    expect(statuses.at(-1)).toBe('saved');
  });

  it('finishes after the save in flight, once however often it is asked, and reports a failure to the caller', async () => {
    const api = server();
    const queue = queueFor(api);
    queue.change({ a: '1' });
    queue.flush();
    const first = queue.submit({ a: '2' });
    const second = queue.submit({ a: '2' });
    expect(second).toBe(first);
    expect(api.calls).toHaveLength(1);

    api.calls[0]?.resolve('t1');
    await vi.advanceTimersByTimeAsync(0);
    expect(api.calls.map((call) => [call.answers, call.complete])).toEqual([
      [{ a: '1' }, false],
      [{ a: '2' }, true],
    ]);
    api.calls[1]?.reject(offline());
    await expect(first).rejects.toBeInstanceOf(ApiError);

    const retried = queue.submit({ a: '2' });
    expect(api.calls).toHaveLength(3);
    api.calls[2]?.resolve('t2');
    await expect(retried).resolves.toEqual({ updatedAt: 't2' });
    await vi.runAllTimersAsync();
    expect(api.calls).toHaveLength(3);
  });
});
