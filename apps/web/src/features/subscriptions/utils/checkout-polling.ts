/**
 * How long to wait before asking the `n`-th time (0-based) whether the gateway reported a checkout's
 * outcome: quickly at first (the test gateway's callback takes a moment), then less often.
 */
export function checkoutPollDelay(attempt: number): number {
  const delays = [500, 750, 1000, 1500, 2000, 3000];
  return delays[Math.min(Math.max(attempt, 0), delays.length - 1)]!;
}

/** After this long without an outcome, the page says so and offers to check again. */
export const checkoutPollTimeoutMs = 30_000;
