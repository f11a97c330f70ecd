import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render.tsx';
import { toast } from './toast.tsx';

describe('toast', () => {
  it('shows a success message with its title, and dismisses it on request', async () => {
    await renderWithApp(null);
    let id = '';
    act(() => {
      id = toast.success('Heslo bylo úspěšně změněno', { title: 'Hotovo' });
    });
    const shown = await screen.findByRole('alert');
    expect(shown.textContent).toContain('Hotovo');
    expect(shown.textContent).toContain('Heslo bylo úspěšně změněno');
    expect(within(shown).getByRole('button', { name: 'Zavřít' })).toBeTruthy();

    act(() => toast.dismiss(id));
    await waitFor(() => expect(screen.queryByText('Heslo bylo úspěšně změněno')).toBeNull());
  });

  it('shows errors and information the same way', async () => {
    await renderWithApp(null);
    act(() => {
      toast.error('Záznam se nepodařilo uložit');
      toast.info('Potvrzovací e-mail byl odeslán');
    });
    expect(await screen.findByText('Záznam se nepodařilo uložit')).toBeTruthy();
    expect(await screen.findByText('Potvrzovací e-mail byl odeslán')).toBeTruthy();
  });
});
