import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render.tsx';
import { confirm } from './confirm.tsx';

async function openConfirm(title: string) {
  let result!: Promise<boolean>;
  act(() => {
    result = confirm({ title, message: `${title}?` });
  });
  const dialog = await screen.findByRole('dialog', { name: title });
  return { result, dialog };
}

describe('confirm dialog', () => {
  it('resolves true when the user confirms', async () => {
    await renderWithApp(null);
    const { result, dialog } = await openConfirm('Delete the profile');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Potvrdit' }));
    await expect(result).resolves.toBe(true);
  });

  it('resolves false when the user cancels', async () => {
    await renderWithApp(null);
    const { result, dialog } = await openConfirm('Delete the profile');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Zrušit' }));
    await expect(result).resolves.toBe(false);
  });

  it('confirms with Enter', async () => {
    await renderWithApp(null);
    const { result } = await openConfirm('Send the request');
    await userEvent.keyboard('{Enter}');
    await expect(result).resolves.toBe(true);
  });

  it('confirms a destructive action with Enter, starting on its message rather than a button', async () => {
    await renderWithApp(null);
    let result!: Promise<boolean>;
    act(() => {
      result = confirm({
        title: 'Delete the profile',
        message: 'This cannot be undone.',
        confirmLabel: 'Yes, delete my profile',
        danger: true,
      });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Delete the profile' });
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByText('This cannot be undone.')),
    );
    expect(within(dialog).getByRole('button', { name: 'Yes, delete my profile' })).toBeTruthy();
    await userEvent.keyboard('{Enter}');
    await expect(result).resolves.toBe(true);
  });

  it('lets a destructive dialog be cancelled from the keyboard: Tab reaches Cancel first', async () => {
    await renderWithApp(null);
    let result!: Promise<boolean>;
    act(() => {
      result = confirm({ title: 'Delete the profile', message: 'Sure?', danger: true });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Delete the profile' });
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByText('Sure?')));
    await userEvent.tab();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Zrušit' }));
    await userEvent.keyboard('{Enter}');
    await expect(result).resolves.toBe(false);
  });

  it('cancels with its labelled close button', async () => {
    await renderWithApp(null);
    const { result, dialog } = await openConfirm('Delete the profile');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Zavřít' }));
    await expect(result).resolves.toBe(false);
  });

  it('cancels with Escape', async () => {
    await renderWithApp(null);
    const { result } = await openConfirm('Send the request');
    await userEvent.keyboard('{Escape}');
    await expect(result).resolves.toBe(false);
  });

  it('lets Escape and Enter act on the topmost dialog only', async () => {
    await renderWithApp(null);
    const first = await openConfirm('Leave the form');
    const second = await openConfirm('Discard the changes');

    await userEvent.keyboard('{Escape}');
    await expect(second.result).resolves.toBe(false);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard the changes' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Leave the form' })).toBeTruthy();

    await userEvent.keyboard('{Enter}');
    await expect(first.result).resolves.toBe(true);
  });

  it('uses the labels it is given', async () => {
    await renderWithApp(null);
    act(() => {
      void confirm({
        title: 'Cancel the subscription',
        message: 'Sure?',
        confirmLabel: 'Yes, cancel',
        cancelLabel: 'Keep it',
      });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the subscription' });
    expect(within(dialog).getByRole('button', { name: 'Yes, cancel' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Keep it' })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
  });
});
