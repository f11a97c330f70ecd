import { describe, expect, it } from 'vitest';
import { checkoutPollDelay, checkoutPollTimeoutMs } from './checkout-polling.ts';

describe('checkoutPollDelay', () => {
  it('asks quickly first, then backs off to every three seconds', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 50].map(checkoutPollDelay)).toEqual([
      500, 750, 1000, 1500, 2000, 3000, 3000, 3000,
    ]);
  });

  it('asks at least a dozen times before it says the confirmation takes long', () => {
    let elapsed = 0;
    let asked = 0;
    while (elapsed + checkoutPollDelay(asked) <= checkoutPollTimeoutMs) {
      elapsed += checkoutPollDelay(asked);
      asked += 1;
    }
    expect(asked).toBeGreaterThanOrEqual(12);
  });
});
