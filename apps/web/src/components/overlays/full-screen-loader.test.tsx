import { screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
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

describe('full-screen loader', () => {
  it('stays hidden for the first 300 ms, then shows a labelled status', async () => {
    await renderWithApp(<FullScreenLoader visible />);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('status')).toBeNull();
    expect(await screen.findByRole('status', {}, { timeout: 1000 })).toHaveProperty(
      'textContent',
      'Načítáme…',
    );
  });

  it('never appears for work that ends quickly', async () => {
    await renderWithApp(<Work ms={100} />);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('covers longer work and goes once it ends', async () => {
    await renderWithApp(<Work ms={500} />);
    expect(await screen.findByRole('status', {}, { timeout: 1000 })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull(), { timeout: 1000 });
  });
});
