import type { SupportMessage } from '@opora/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n, loadNamespaces } from '@/lib/i18n/i18n.ts';
import { renderWithApp } from '@/testing/render.tsx';
import { ReplyForm } from './reply-form.tsx';

const message: SupportMessage = {
  id: '5f1e9a4e-4a39-4a6b-9a57-1d7c8e0b6a01',
  receivedAt: '2026-12-01T08:30:00.000Z',
  name: 'Jana Nováková',
  email: 'jana.novakova@example.cz',
  preview: 'Dobrý den',
  status: 'open',
  assignedTo: null,
  mine: false,
  repliesCount: 0,
  text: 'Dobrý den',
  replies: [],
  closedAt: null,
};

/** The form on a message's page, with a link to the inbox to leave by. */
async function renderForm() {
  await loadNamespaces(['admin-support', 'validation', 'errors']);
  const router = createMemoryRouter(
    [
      {
        path: '/admin/support/:messageId',
        element: (
          <>
            <Link to="/admin/support">Zpět na zprávy</Link>
            <ReplyForm message={message} onDraft={() => {}} onClosedMeanwhile={async () => {}} />
          </>
        ),
      },
      { path: '/admin/support', element: <h1>Zprávy podpory</h1> },
    ],
    { initialEntries: [`/admin/support/${message.id}`] },
  );
  await renderWithApp(<RouterProvider router={router} />);
  return router;
}

describe('the reply form', () => {
  beforeAll(async () => {
    if (!i18n.isInitialized) await initI18n('cs');
  });

  it('offers Czech, Slovak and English, Czech chosen, and names the address the e-mail goes to', async () => {
    await renderForm();

    const language = screen.getByRole('combobox', { name: 'Jazyk e-mailu' });
    expect(language).toHaveProperty('value', 'cs');
    expect(
      within(language)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['čeština', 'slovenština', 'angličtina']);
    const text = screen.getByRole('textbox', { name: /Text odpovědi/ });
    expect(text.getAttribute('aria-describedby')).toBeTruthy();
    screen.getByText('Odejde e-mailem na jana.novakova@example.cz; pod ní bude citace původní zprávy.');
  });

  it('says beside the field that the reply is empty, and sends nothing', async () => {
    await renderForm();

    await userEvent.click(screen.getByRole('button', { name: 'Odeslat odpověď' }));

    const text = screen.getByRole('textbox', { name: /Text odpovědi/ });
    expect(text.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(text);
    screen.getByText('Pole je povinné');
  });

  it('asks before leaving with an unsent reply: staying keeps the text, leaving drops it', async () => {
    const router = await renderForm();
    const text = screen.getByRole('textbox', { name: /Text odpovědi/ });
    await userEvent.type(text, 'Dobrý den, paní Nováková.');

    await userEvent.click(screen.getByRole('link', { name: 'Zpět na zprávy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Odejít bez odeslání?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Zůstat a dopsat' }));
    expect(router.state.location.pathname).toBe(`/admin/support/${message.id}`);
    expect(screen.getByRole('textbox', { name: /Text odpovědi/ })).toHaveProperty(
      'value',
      'Dobrý den, paní Nováková.',
    );

    await userEvent.click(screen.getByRole('link', { name: 'Zpět na zprávy' }));
    const again = await screen.findByRole('dialog', { name: 'Odejít bez odeslání?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Odejít a zahodit' }));
    await screen.findByRole('heading', { name: 'Zprávy podpory' });
  });

  it('lets a person leave at once when nothing is typed', async () => {
    await renderForm();

    await userEvent.click(screen.getByRole('link', { name: 'Zpět na zprávy' }));
    await screen.findByRole('heading', { name: 'Zprávy podpory' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
