import { ApiError } from './api-client.ts';

/** What the person sees about what they typed reaching the server. */
export type AutosaveStatus =
  | { kind: 'idle' }
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  | { kind: 'retrying'; attempt: number; error: unknown }
  | { kind: 'failed'; error: unknown };

export type AutosaveOptions<Value, Result> = {
  /** One save: `complete` when it is the person's own "finish" (`submit`). */
  send: (value: Value, options: { complete: boolean }) => Promise<Result>;
  /** Whether two values would be saved as the same (a change back to what the server holds sends nothing). */
  same: (a: Value, b: Value) => boolean;
  onStatus: (status: AutosaveStatus) => void;
  /** A save the server confirmed; `upToDate` when nothing newer is waiting to be sent. */
  onSaved?: (result: Result, value: Value, upToDate: boolean) => void;
  /** What the server already holds (loaded with the page). */
  initial?: Value;
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

export type Autosave<Value, Result> = {
  /** The value changed: it is sent once the person pauses (debounced). */
  change: (value: Value) => void;
  /** Sends what waits now (page change, leaving the page, "try again"). */
  flush: () => void;
  /**
   * Sends the value as complete, after whatever is in flight; a second call while one is under way
   * answers the same promise (a double click sends once).
   */
  submit: (value: Value) => Promise<Result>;
  /** True while something typed has not reached the server. */
  hasUnsavedChanges: () => boolean;
  /**
   * A newer value from the server becomes what it holds — only while nothing typed waits or is on its
   * way (answers false then, and the person's text stays).
   */
  adopt: (value: Value) => boolean;
  /** Listens for the connection coming back (retries at once). */
  start: () => void;
  /** Stops timers and listening; a save in flight still completes and sends what followed it. */
  stop: () => void;
  /**
   * The page goes away: what waits is sent now, and a save that cannot get through yet keeps being
   * retried after the page is gone — while the tab stays open, closing it asks first — then stops.
   */
  finishInBackground: () => void;
  /**
   * The person chose to leave without what they typed: what waits is dropped and no longer sent (a
   * save already on its way still lands).
   */
  discard: () => void;
};

type Completion<Value, Result> = {
  value: Value;
  promise: Promise<Result>;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
};

function completionOf<Value, Result>(value: Value): Completion<Value, Result> {
  let resolve!: (result: Result) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<Result>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { value, promise, resolve, reject };
}

/**
 * Autosave of what a person types (a questionnaire's answers, a request's note): never two saves in
 * flight, and the last state wins — changes made while a save runs are sent together once it returns,
 * the intermediate states never. A failure that may pass is retried with growing waits (and at once
 * when the browser comes back online); a refusal stops until the next change or `flush`. Nothing typed
 * is dropped.
 */
export function createAutosave<Value, Result>(
  options: AutosaveOptions<Value, Result>,
): Autosave<Value, Result> {
  const debounceMs = options.debounceMs ?? defaultDebounceMs;
  const retryDelays = options.retryDelaysMs ?? defaultRetryDelaysMs;
  const isRetryable = options.isRetryable ?? isRetryableSaveError;

  /** The latest value typed (`undefined`: nothing typed yet), and how many changes made it. */
  let latest: { value: Value } | undefined;
  let version = 0;
  let savedVersion = 0;
  let saved: { value: Value } | undefined =
    options.initial === undefined ? undefined : { value: options.initial };
  let inFlight = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timerKind: 'debounce' | 'retry' | undefined;
  let attempt = 0;
  let completion: Completion<Value, Result> | null = null;
  let stopped = false;
  let detached = false;

  const setStatus = (status: AutosaveStatus) => options.onStatus(status);

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

  /** Something typed the server does not hold yet. */
  const waiting = () =>
    latest !== undefined &&
    savedVersion !== version &&
    !(saved !== undefined && options.same(latest.value, saved.value));

  const onOnline = () => {
    if (timerKind === 'retry') {
      clearTimer();
      pump();
    }
  };
  const warnOnUnload = (event: BeforeUnloadEvent) => {
    if (inFlight || waiting()) event.preventDefault();
  };

  function stop(): void {
    stopped = true;
    clearTimer();
    window.removeEventListener('online', onOnline);
    window.removeEventListener('beforeunload', warnOnUnload);
  }

  function pump(): void {
    if (inFlight) return;
    const finishing = completion;
    if (!finishing && !waiting()) {
      // Nothing the server does not already hold (e.g. only changed back, or an invalid value).
      if (latest !== undefined) {
        savedVersion = version;
        setStatus({ kind: 'saved' });
      }
      if (detached) stop();
      return;
    }
    const sentVersion = version;
    const value = finishing ? finishing.value : (latest as { value: Value }).value;
    inFlight = true;
    setStatus({ kind: 'saving' });
    options.send(value, { complete: finishing !== null }).then(
      (result) => {
        inFlight = false;
        attempt = 0;
        savedVersion = Math.max(savedVersion, sentVersion);
        saved = { value };
        const upToDate = savedVersion === version;
        options.onSaved?.(result, value, upToDate);
        if (finishing) {
          completion = null;
          finishing.resolve(result);
        }
        if (completion || (!upToDate && timerKind !== 'debounce')) pump();
        else {
          setStatus(upToDate ? { kind: 'saved' } : { kind: 'pending' });
          if (upToDate && detached) stop();
        }
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
          if (detached) stop();
        }
      },
    );
  }

  return {
    change(value) {
      latest = { value };
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
    submit(value) {
      if (completion) return completion.promise;
      latest = { value };
      version += 1;
      completion = completionOf<Value, Result>(value);
      const { promise } = completion;
      clearTimer();
      pump();
      return promise;
    },
    hasUnsavedChanges: () => inFlight || waiting(),
    adopt(value) {
      if (inFlight || completion || waiting()) return false;
      saved = { value };
      latest = { value };
      savedVersion = version;
      return true;
    },
    start() {
      stopped = false;
      window.addEventListener('online', onOnline);
    },
    stop,
    discard() {
      clearTimer();
      latest = undefined;
    },
    finishInBackground() {
      detached = true;
      window.addEventListener('beforeunload', warnOnUnload);
      clearTimer();
      pump();
    },
  };
}
