import type { SurveyAnswers } from '@opora/contracts';
import { ApiError } from '@/lib/api-client.ts';
import { sameAnswers } from './survey-logic.ts';

/** What the person sees about their answers reaching the server. */
export type SaveStatus =
  | { kind: 'idle' }
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  | { kind: 'retrying'; attempt: number; error: unknown }
  | { kind: 'failed'; error: unknown };

export type SendAnswers<Result> = (answers: SurveyAnswers, options: { complete: boolean }) => Promise<Result>;

export type SaveQueueOptions<Result> = {
  send: SendAnswers<Result>;
  onStatus: (status: SaveStatus) => void;
  /** A save the server confirmed; `upToDate` when nothing newer is waiting to be sent. */
  onSaved?: (result: Result, answers: SurveyAnswers, upToDate: boolean) => void;
  /** Answers the server already holds (loaded with the page): sending them again is skipped. */
  initial?: SurveyAnswers;
  debounceMs?: number;
  /** Waits between attempts after a failure that may pass; the last one repeats. */
  retryDelaysMs?: readonly number[];
  isRetryable?: (error: unknown) => boolean;
};

export const defaultDebounceMs = 800;
export const defaultRetryDelaysMs = [1_000, 2_000, 5_000, 10_000, 30_000] as const;

/** Network trouble, a timeout, rate limiting or a server fault may pass; a refusal will not. */
export function isRetryableSaveError(error: unknown): boolean {
  if (!(error instanceof ApiError)) return !(error instanceof DOMException && error.name === 'AbortError');
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

type Deferred<Result> = {
  promise: Promise<Result>;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
};

function deferred<Result>(): Deferred<Result> {
  let resolve!: (result: Result) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<Result>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export type SaveQueue<Result> = {
  /** The answers changed: send them once the person pauses (debounced). */
  change: (answers: SurveyAnswers) => void;
  /** Send what is waiting now (page change, leaving the page, "try again"). */
  flush: () => void;
  /**
   * Send the answers as complete, after whatever is in flight; a second call while one is under way
   * answers the same promise (a double click sends once).
   */
  submit: (answers: SurveyAnswers) => Promise<Result>;
  /** True while something typed has not reached the server. */
  hasUnsavedChanges: () => boolean;
  /** Listens for the connection coming back (retries at once). */
  start: () => void;
  /** Stops timers and listening; a save in flight still completes and sends what followed it. */
  stop: () => void;
};

/**
 * Autosave of a questionnaire: never two saves in flight, and the last state wins — changes made
 * while a save runs are sent together once it returns, the intermediate states never. A failure that
 * may pass is retried with growing waits (and at once when the browser comes back online); a
 * refusal stops until the next change or `flush`.
 */
export function createSaveQueue<Result>(options: SaveQueueOptions<Result>): SaveQueue<Result> {
  const debounceMs = options.debounceMs ?? defaultDebounceMs;
  const retryDelays = options.retryDelaysMs ?? defaultRetryDelaysMs;
  const isRetryable = options.isRetryable ?? isRetryableSaveError;

  let latest: SurveyAnswers | null = null;
  let version = 0;
  let savedVersion = 0;
  let savedAnswers: SurveyAnswers | null = options.initial ?? null;
  let inFlight = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timerKind: 'debounce' | 'retry' | undefined;
  let attempt = 0;
  let completion: (Deferred<Result> & { answers: SurveyAnswers }) | null = null;
  let stopped = false;

  const setStatus = (status: SaveStatus) => options.onStatus(status);

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

  const onOnline = () => {
    if (timerKind === 'retry') {
      clearTimer();
      pump();
    }
  };

  function pump(): void {
    if (inFlight) return;
    const finishing = completion;
    if (!finishing) {
      if (latest === null || savedVersion === version) return;
      if (savedAnswers && sameAnswers(latest, savedAnswers)) {
        // Nothing the server does not already hold (e.g. only an invalid value changed).
        savedVersion = version;
        setStatus({ kind: 'saved' });
        return;
      }
    }
    const sentVersion = version;
    const answers = finishing ? finishing.answers : (latest as SurveyAnswers);
    inFlight = true;
    setStatus({ kind: 'saving' });
    options.send(answers, { complete: finishing !== null }).then(
      (result) => {
        inFlight = false;
        attempt = 0;
        savedVersion = Math.max(savedVersion, sentVersion);
        savedAnswers = answers;
        const upToDate = savedVersion === version;
        options.onSaved?.(result, answers, upToDate);
        if (finishing) {
          completion = null;
          finishing.resolve(result);
        }
        if (completion || (!upToDate && timerKind !== 'debounce')) pump();
        else setStatus(upToDate ? { kind: 'saved' } : { kind: 'pending' });
      },
      (error: unknown) => {
        inFlight = false;
        if (finishing) {
          // Finishing is the person's own action: they see why it failed and choose to try again.
          completion = null;
          finishing.reject(error);
          setStatus(savedVersion === version ? { kind: 'saved' } : { kind: 'pending' });
          return;
        }
        if (completion) {
          pump();
          return;
        }
        if (isRetryable(error)) {
          attempt += 1;
          setStatus({ kind: 'retrying', attempt, error });
          const delay = retryDelays[Math.min(attempt, retryDelays.length) - 1] ?? debounceMs;
          if (!stopped) startTimer('retry', delay);
        } else {
          setStatus({ kind: 'failed', error });
        }
      },
    );
  }

  return {
    change(answers) {
      latest = answers;
      version += 1;
      if (stopped) return;
      // While waiting to retry, typing does not hammer the server; the retry sends the latest.
      if (timerKind !== 'retry') startTimer('debounce', debounceMs);
      if (!inFlight && timerKind !== 'retry') setStatus({ kind: 'pending' });
    },
    flush() {
      clearTimer();
      pump();
    },
    submit(answers) {
      if (completion) return completion.promise;
      latest = answers;
      version += 1;
      completion = { ...deferred<Result>(), answers };
      const { promise } = completion;
      clearTimer();
      pump();
      return promise;
    },
    hasUnsavedChanges: () => inFlight || savedVersion !== version,
    start() {
      stopped = false;
      window.addEventListener('online', onOnline);
    },
    stop() {
      stopped = true;
      clearTimer();
      window.removeEventListener('online', onOnline);
    },
  };
}
