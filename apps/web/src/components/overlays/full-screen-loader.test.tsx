import { act, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render.tsx';
import { FullScreenLoader, useFullScreenLoader } from './full-screen-loader.tsx';

/** Holds the app's loader (mounted by the app provider) for `ms`, as sign-out and navigation do. */
function Work({ ms }: { ms: number }) {
  const { track } = useFullScreenLoader();
  useEffect(() => {
    void track(new Promise((resolve) => setTimeout(resolve, ms)));
  }, [track, ms]);
  return null;
}

/** Moves the page's clock (its timers only) by `ms` and lets React render what they changed. */
async function elapse(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

// The page's clock is stopped and moved by the test, so a busy machine cannot make 200 ms last 400.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('full-screen loader', () => {
  it('stays hidden for the first 300 ms, then shows a labelled status', async () => {
    await renderWithApp(<FullScreenLoader visible />);
    await elapse(299);
    expect(screen.queryByRole('status')).toBeNull();
    await elapse(1);
    expect(screen.getByRole('status')).toHaveProperty('textContent', 'Načítáme…');
  });

  it('never appears for work that ends quickly', async () => {
    await renderWithApp(<Work ms={100} />);
    await elapse(1000);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('covers longer work and goes once it ends', async () => {
    await renderWithApp(<Work ms={500} />);
    await elapse(300);
    expect(screen.getByRole('status')).toBeTruthy();
    await elapse(200);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
