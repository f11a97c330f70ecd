import { Button, type ButtonProps } from '@mantine/core';
import { timings } from '@opora/contracts';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import {
  type ComponentPropsWithoutRef,
  type MouseEvent,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import classes from './async-button.module.css';

/**
 * How a piece of async work ended. `id` tells one ending from the next (a counter, or a mutation's
 * `submittedAt`): each new one is shown once.
 */
export type AsyncOutcome = { ok: boolean; id: number };

/**
 * - `busy`: working, for less than `timings.buttonLoadingThrottle` so far — nothing shows yet;
 * - `loading`: working for longer — the spinner, kept for at least that long again once it appeared;
 * - `success` / `failure`: the work ended, shown for `timings.asyncResult`.
 */
export type AsyncButtonPhase = 'idle' | 'busy' | 'loading' | 'success' | 'failure';

/**
 * SPEC §9's button loading throttle (docs/decisions.md): true only once `busy` has lasted
 * `timings.buttonLoadingThrottle`, so a quick save never flashes a spinner; once true, it stays true at
 * least that long again, so a save that ends just after it appeared does not flash it either.
 */
export function useThrottledLoading(busy: boolean): boolean {
  const [shown, setShown] = useState(false);
  // Shown for less than the minimum yet.
  const [holding, setHolding] = useState(false);

  useEffect(() => {
    if (!busy || shown) return;
    const timer = window.setTimeout(() => {
      setShown(true);
      setHolding(true);
    }, timings.buttonLoadingThrottle);
    return () => window.clearTimeout(timer);
  }, [busy, shown]);

  useEffect(() => {
    if (!holding) return;
    const timer = window.setTimeout(() => setHolding(false), timings.buttonLoadingThrottle);
    return () => window.clearTimeout(timer);
  }, [holding]);

  const loading = shown && (busy || holding);
  useEffect(() => {
    if (shown && !loading) setShown(false);
  }, [shown, loading]);
  return loading;
}

/**
 * The phase of an async button: the throttled loading of `busy`, then each new `outcome` for
 * `timings.asyncResult` once the spinner (if it showed) is gone. An outcome present when the button
 * mounts is old news and not shown.
 */
export function useAsyncButtonPhase(busy: boolean, outcome?: AsyncOutcome | null): AsyncButtonPhase {
  const loading = useThrottledLoading(busy);
  const outcomeId = outcome?.id ?? null;
  const outcomeOk = outcome?.ok ?? false;
  const seen = useRef(outcomeId);
  const [result, setResult] = useState<AsyncOutcome | null>(null);

  // Before paint: the label never shows for a frame between the spinner and the result.
  useLayoutEffect(() => {
    if (busy) {
      setResult(null);
      return;
    }
    if (loading || outcomeId === null || outcomeId === seen.current) return;
    seen.current = outcomeId;
    setResult({ ok: outcomeOk, id: outcomeId });
  }, [busy, loading, outcomeId, outcomeOk]);

  useEffect(() => {
    if (!result) return;
    const timer = window.setTimeout(() => setResult(null), timings.asyncResult);
    return () => window.clearTimeout(timer);
  }, [result]);

  if (loading) return 'loading';
  if (busy) return 'busy';
  if (result) return result.ok ? 'success' : 'failure';
  return 'idle';
}

/** A TanStack Query mutation's last ending, for `AsyncButton`'s `outcome`. */
export function mutationOutcome(mutation: {
  isSuccess: boolean;
  isError: boolean;
  submittedAt: number;
}): AsyncOutcome | null {
  if (!mutation.isSuccess && !mutation.isError) return null;
  return { ok: mutation.isSuccess, id: mutation.submittedAt };
}

export type AsyncButtonProps = Omit<ButtonProps, 'loading'> &
  Omit<ComponentPropsWithoutRef<'button'>, keyof ButtonProps> & {
    /** The work is running: clicks are ignored, and after the throttle the spinner shows. */
    busy: boolean;
    /** How the work ended: a check or a warning sign for `timings.asyncResult`, said to screen readers. */
    outcome?: AsyncOutcome | null;
    /** What screen readers hear after a success; by default "Done". */
    successText?: string;
    /** What screen readers hear after a failure; by default "Did not work". */
    failureText?: string;
  };

/**
 * Mantine's `Button` for async work (SPEC §9, docs/decisions.md): no spinner for work under
 * `timings.buttonLoadingThrottle`, a spinner kept at least as long once shown, then the outcome — a
 * check or a warning sign in place of the label — for `timings.asyncResult`. The label stays the
 * button's accessible name throughout; `aria-busy` marks the work and a polite live region beside the
 * button says how it ended.
 */
export function AsyncButton({
  busy,
  outcome,
  successText,
  failureText,
  onClick,
  children,
  className,
  classNames,
  color,
  ...props
}: AsyncButtonProps) {
  const { t } = useTranslation();
  const phase = useAsyncButtonPhase(busy, outcome);
  const working = phase === 'busy' || phase === 'loading';
  const result = phase === 'success' || phase === 'failure' ? phase : null;
  const announcement =
    result === 'success'
      ? (successText ?? t('asyncButton.success'))
      : result === 'failure'
        ? (failureText ?? t('asyncButton.failure'))
        : '';

  const onButtonClick = (event: MouseEvent<HTMLButtonElement>) => {
    // Before the spinner the button looks as usual but takes no second click (nor a second submit).
    if (working) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };

  return (
    <>
      <Button
        {...props}
        color={result === 'failure' ? 'red.9' : color}
        className={className ? `${classes.root} ${className}` : classes.root}
        classNames={{ label: classes.label, section: classes.section, ...classNames }}
        loading={phase === 'loading'}
        aria-busy={working || undefined}
        aria-disabled={phase === 'busy' ? true : props['aria-disabled']}
        data-result={result ?? undefined}
        onClick={onButtonClick}
      >
        {children}
        {result ? (
          <span className={classes.result} aria-hidden>
            {result === 'success' ? <IconCheck size={22} stroke={2.5} /> : <IconAlertTriangle size={22} />}
          </span>
        ) : null}
      </Button>
      <span role="status" className="visually-hidden">
        {announcement}
      </span>
    </>
  );
}
