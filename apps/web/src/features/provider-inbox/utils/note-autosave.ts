import type { ProviderNoteSaved } from '@opora/contracts';
import {
  defaultDebounceMs,
  defaultRetryDelaysMs,
  isRetryableSaveError,
} from '@/components/surveys/save-queue.ts';

/** Where the note stands: typed and waiting, on its way, saved, retried after a failure that may pass, refused. */
export type NoteSaveState =
  | { kind: 'idle' }
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  | { kind: 'retrying'; attempt: number }
  | { kind: 'failed'; error: unknown };

export type NoteAutosaveOptions = {
  /** The whole text, over the version it was typed on. */
  send: (text: string, baseVersion: number) => Promise<ProviderNoteSaved>;
  /** The version of the note as loaded. */
  version: number;
  /** The text as loaded (sending it back unchanged is skipped). */
  text: string;
  onState: (state: NoteSaveState) => void;
  onSaved?: (saved: ProviderNoteSaved) => void;
  debounceMs?: number;
  retryDelaysMs?: readonly number[];
};

// The questionnaires' autosave timing and retry rule (`save-queue.ts`): one behaviour to learn.

export type NoteAutosave = {
  /** The person typed: the text is sent once they pause. */
  change: (text: string) => void;
  /** Sends what waits now (leaving the page, "try again"). */
  flush: () => void;
  /** True while something typed has not reached the server. */
  hasUnsavedChanges: () => boolean;
  /** The version the next save is typed over. */
  version: () => number;
  /** A newer note from the server while nothing typed waits: it becomes the base. */
  adopt: (text: string, version: number) => void;
  start: () => void;
  stop: () => void;
  /**
   * The page goes away: what waits is sent now, and a save that cannot get through yet keeps being
   * retried after the page is gone — while the tab stays open, closing it asks first — then stops.
   */
  finishInBackground: () => void;
};

/**
 * Autosave of the internal note: one save in flight at a time, and the latest text wins — what is
 * typed during a save goes in the next one. Each save names the version it was typed over, so the
 * server can say when a colleague's text was replaced (`overwritten`). A failure that may pass is
 * retried with growing waits, and at once when the browser is back online; nothing typed is dropped.
 */
export function createNoteAutosave(options: NoteAutosaveOptions): NoteAutosave {
  const debounceMs = options.debounceMs ?? defaultDebounceMs;
  const retryDelays = options.retryDelaysMs ?? defaultRetryDelaysMs;
  let baseVersion = options.version;
  let savedText = options.text;
  let latest = options.text;
  let inFlight = false;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timerKind: 'debounce' | 'retry' | undefined;
  let stopped = false;
  let detached = false;

  const clearTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    timerKind = undefined;
  };

  const startTimer = (kind: 'debounce' | 'retry', ms: number) => {
    clearTimer();
    timerKind = kind;
    timer = setTimeout(() => {
      timer = undefined;
      timerKind = undefined;
      pump();
    }, ms);
  };

  const hasUnsaved = () => inFlight || latest !== savedText;
  const warnOnUnload = (event: BeforeUnloadEvent) => {
    if (hasUnsaved()) event.preventDefault();
  };
  const stop = () => {
    stopped = true;
    clearTimer();
    window.removeEventListener('online', onOnline);
    window.removeEventListener('beforeunload', warnOnUnload);
  };

  const onOnline = () => {
    if (timerKind === 'retry') {
      clearTimer();
      pump();
    }
  };

  function pump(): void {
    if (inFlight) return;
    if (latest === savedText) {
      options.onState({ kind: 'saved' });
      if (detached) stop();
      return;
    }
    const text = latest;
    inFlight = true;
    options.onState({ kind: 'saving' });
    options.send(text, baseVersion).then(
      (saved) => {
        inFlight = false;
        attempt = 0;
        baseVersion = saved.version;
        savedText = text;
        options.onSaved?.(saved);
        if (latest === savedText) {
          options.onState({ kind: 'saved' });
          if (detached) stop();
        } else if (timerKind !== 'debounce') pump();
        else options.onState({ kind: 'pending' });
      },
      (error: unknown) => {
        inFlight = false;
        if (!isRetryableSaveError(error)) {
          options.onState({ kind: 'failed', error });
          if (detached) stop();
          return;
        }
        attempt += 1;
        options.onState({ kind: 'retrying', attempt });
        const delay = retryDelays[Math.min(attempt, retryDelays.length) - 1] ?? debounceMs;
        if (!stopped) startTimer('retry', delay);
      },
    );
  }

  return {
    change(text) {
      latest = text;
      if (stopped) return;
      // While waiting to retry, typing does not hammer the server: the retry sends the latest text.
      if (timerKind === 'retry') return;
      startTimer('debounce', debounceMs);
      if (!inFlight) options.onState({ kind: 'pending' });
    },
    flush() {
      clearTimer();
      pump();
    },
    hasUnsavedChanges: hasUnsaved,
    version: () => baseVersion,
    adopt(text, version) {
      if (inFlight || latest !== savedText || version <= baseVersion) return;
      baseVersion = version;
      savedText = text;
      latest = text;
    },
    start() {
      stopped = false;
      window.addEventListener('online', onOnline);
    },
    stop,
    finishInBackground() {
      detached = true;
      window.addEventListener('beforeunload', warnOnUnload);
      clearTimer();
      pump();
    },
  };
}
