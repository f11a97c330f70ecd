import type { ProviderNoteSaved } from '@opora/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client.ts';
import { createNoteAutosave, type NoteSaveState } from './note-autosave.ts';

type Call = {
  text: string;
  baseVersion: number;
  resolve: (saved: Partial<ProviderNoteSaved> & { version: number }) => void;
  reject: (error: unknown) => void;
};

/** A note endpoint whose calls the test answers one by one, as a slow or failing server would. */
function server() {
  const calls: Call[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const send = (text: string, baseVersion: number) =>
    new Promise<ProviderNoteSaved>((resolve, reject) => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      calls.push({
        text,
        baseVersion,
        resolve: (saved) => {
          inFlight -= 1;
          resolve({ text, updatedDate: null, updatedBy: null, overwritten: null, ...saved });
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
const refused = () => new ApiError({ status: 400, code: 'ValidationError', title: 'Invalid' });

describe('the note autosave', () => {
  let states: NoteSaveState['kind'][];
  let saved: ProviderNoteSaved[];
  beforeEach(() => {
    vi.useFakeTimers();
    states = [];
    saved = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function autosaveFor(api: ReturnType<typeof server>, text = '', version = 0) {
    const autosave = createNoteAutosave({
      send: api.send,
      text,
      version,
      onState: (state) => states.push(state.kind),
      onSaved: (result) => saved.push(result),
      debounceMs: 800,
      retryDelaysMs: [1_000, 2_000, 5_000],
    });
    autosave.start();
    return autosave;
  }

  /** "Offline text" typed, its save failed for the connection: waiting to retry. */
  async function typedWhileOffline(api: ReturnType<typeof server>) {
    const autosave = autosaveFor(api);
    autosave.change('Offline text');
    await vi.advanceTimersByTimeAsync(800);
    api.calls[0]?.reject(offline());
    await vi.advanceTimersByTimeAsync(0);
    return autosave;
  }

  it('sends the text once the person pauses, over the version it was typed on', async () => {
    const api = server();
    const autosave = autosaveFor(api, 'Old', 3);
    autosave.change('Old t');
    autosave.change('Old te');
    autosave.change('Old text');
    expect(api.calls).toHaveLength(0);
    expect(autosave.hasUnsavedChanges()).toBe(true);
    await vi.advanceTimersByTimeAsync(800);
    expect(api.calls.map(({ text, baseVersion }) => ({ text, baseVersion }))).toEqual([
      { text: 'Old text', baseVersion: 3 },
    ]);
    api.calls[0]?.resolve({ version: 4 });
    await vi.advanceTimersByTimeAsync(0);
    expect(autosave.version()).toBe(4);
    expect(autosave.hasUnsavedChanges()).toBe(false);
    expect(states).toEqual(['pending', 'pending', 'pending', 'saving', 'saved']);
  });

  it('keeps one save in flight and sends what was typed meanwhile over the new version', async () => {
    const api = server();
    const autosave = autosaveFor(api);
    autosave.change('A');
    await vi.advanceTimersByTimeAsync(800);
    autosave.change('AB');
    autosave.change('ABC');
    await vi.advanceTimersByTimeAsync(800);
    // The first save has not answered: the second waits for it.
    expect(api.calls).toHaveLength(1);
    api.calls[0]?.resolve({ version: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(api.calls).toHaveLength(2);
    expect(api.calls[1]).toMatchObject({ text: 'ABC', baseVersion: 1 });
    api.calls[1]?.resolve({ version: 2 });
    await vi.advanceTimersByTimeAsync(0);
    expect(api.maxInFlight()).toBe(1);
    expect(states.at(-1)).toBe('saved');
  });

  it('retries a save that may pass with growing waits, then at once when the browser is back online', async () => {
    const api = server();
    const autosave = await typedWhileOffline(api);
    expect(states.at(-1)).toBe('retrying');
    // Typing while waiting to retry does not send at once: the retry takes the latest text.
    autosave.change('Offline text, more');
    await vi.advanceTimersByTimeAsync(999);
    expect(api.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.calls[1]?.text).toBe('Offline text, more');
    api.calls[1]?.reject(offline());
    await vi.advanceTimersByTimeAsync(0);
    // The second wait is longer; coming back online cuts it short.
    await vi.advanceTimersByTimeAsync(1_500);
    expect(api.calls).toHaveLength(2);
    window.dispatchEvent(new Event('online'));
    expect(api.calls).toHaveLength(3);
    expect(autosave.hasUnsavedChanges()).toBe(true);
    api.calls[2]?.resolve({ version: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(autosave.hasUnsavedChanges()).toBe(false);
    expect(states.at(-1)).toBe('saved');
  });

  it('stops on a refusal, keeps the text unsaved, and tries again when the person types', async () => {
    const api = server();
    const autosave = autosaveFor(api);
    autosave.change('Refused');
    await vi.advanceTimersByTimeAsync(800);
    api.calls[0]?.reject(refused());
    await vi.advanceTimersByTimeAsync(10_000);
    expect(api.calls).toHaveLength(1);
    expect(states.at(-1)).toBe('failed');
    expect(autosave.hasUnsavedChanges()).toBe(true);
    autosave.change('Refused, fixed');
    await vi.advanceTimersByTimeAsync(800);
    expect(api.calls).toHaveLength(2);
  });

  it('hands over what the server says was overwritten', async () => {
    const api = server();
    const autosave = autosaveFor(api, 'Mine', 1);
    autosave.change('Mine, edited');
    await vi.advanceTimersByTimeAsync(800);
    api.calls[0]?.resolve({ version: 3, overwritten: { text: 'Colleague', updatedBy: 'Eva Nová' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(saved[0]?.overwritten).toEqual({ text: 'Colleague', updatedBy: 'Eva Nová' });
    expect(autosave.version()).toBe(3);
  });

  it('adopts a newer note only while nothing typed waits', async () => {
    const api = server();
    const autosave = autosaveFor(api, 'Base', 1);
    autosave.adopt('From a colleague', 2);
    expect(autosave.version()).toBe(2);
    autosave.change('Typing');
    autosave.adopt('Even newer', 3);
    expect(autosave.version()).toBe(2);
    await vi.advanceTimersByTimeAsync(800);
    expect(api.calls[0]).toMatchObject({ text: 'Typing', baseVersion: 2 });
  });

  it('sends what waits when flushed, also after it was stopped (leaving the page)', async () => {
    const api = server();
    const autosave = autosaveFor(api);
    autosave.change('Leaving');
    autosave.stop();
    autosave.flush();
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]?.text).toBe('Leaving');
  });

  it('drops what waits when discarded (leaving without it), also the retry after the page is gone', async () => {
    const api = server();
    const autosave = await typedWhileOffline(api);
    expect(autosave.hasUnsavedChanges()).toBe(true);
    autosave.discard();
    expect(autosave.hasUnsavedChanges()).toBe(false);
    autosave.finishInBackground();
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(api.calls).toHaveLength(1);
  });

  it('does not send the text as loaded', async () => {
    const api = server();
    const autosave = autosaveFor(api, 'Same', 2);
    autosave.change('Same!');
    autosave.change('Same');
    await vi.advanceTimersByTimeAsync(800);
    expect(api.calls).toHaveLength(0);
    expect(states.at(-1)).toBe('saved');
  });
});
