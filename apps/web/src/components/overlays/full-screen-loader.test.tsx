import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render.tsx';
import { FullScreenLoader } from './full-screen-loader.tsx';

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
    const { rerender } = await renderWithApp(<FullScreenLoader visible />);
    await new Promise((resolve) => setTimeout(resolve, 100));
    rerender(<FullScreenLoader visible={false} />);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
