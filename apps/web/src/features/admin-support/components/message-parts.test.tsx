import type { SupportMessage } from '@opora/contracts';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '@/lib/i18n/i18n.ts';
import { renderWithApp } from '@/testing/render.tsx';
import { ClosedNotice, MessageCard, RepliesList } from './message-parts.tsx';

const message: SupportMessage = {
  id: '5f1e9a4e-4a39-4a6b-9a57-1d7c8e0b6a01',
  receivedAt: '2026-12-01T08:30:00.000Z',
  name: 'Jana Nováková',
  email: 'jana.novakova@example.cz',
  preview: 'Dobrý den, <b>prosím</b> o radu.',
  status: 'answered',
  assignedTo: { userId: '0b8f3c2e-9a7d-4f6e-8c1b-2a3d4e5f6a7b', name: 'Alena Horáková' },
  mine: false,
  repliesCount: 1,
  text: 'Dobrý den, <b>prosím</b> o radu.\nJak funguje předplatné s asistentem?',
  replies: [
    {
      id: 'a6c1d2e3-f4a5-4b6c-8d7e-9f0a1b2c3d4e',
      at: '2026-12-02T10:15:00.000Z',
      by: 'Alena Horáková',
      locale: 'en',
      text: 'Hello,\n<i>an assistant</i> calls providers for you.',
    },
  ],
  closedAt: null,
};

async function renderWith(ui: React.ReactNode) {
  await i18n.loadNamespaces(['admin-support']);
  return renderWithApp(ui);
}

describe('a support message’s page parts', () => {
  beforeAll(async () => {
    if (!i18n.isInitialized) await initI18n('cs');
  });

  it('shows what the sender wrote as text, line breaks kept and markup never interpreted', async () => {
    await renderWith(<MessageCard message={message} />);

    const card = screen.getByRole('region', { name: 'Zpráva' });
    within(card).getByText('Jana Nováková');
    within(card).getByText('jana.novakova@example.cz');
    const text = card.querySelector('blockquote p');
    expect(text?.textContent).toBe(message.text);
    expect(text?.querySelector('b')).toBeNull();
  });

  it('lists each reply with who sent it, when and in which language, as text', async () => {
    await renderWith(<RepliesList message={message} />);

    const replies = screen.getByRole('region', { name: 'Odpovědi (1)' });
    const [reply] = within(replies).getAllByRole('listitem');
    within(reply!).getByText('Alena Horáková');
    within(reply!).getByText('02. 12. 2026 11:15');
    within(reply!).getByText('E-mail v jazyce: angličtina');
    const texts = [...reply!.querySelectorAll('p')].map((paragraph) => paragraph.textContent);
    expect(texts).toContain(message.replies[0]?.text);
    expect(reply!.querySelector('i')).toBeNull();
  });

  it('says when nobody has replied yet', async () => {
    await renderWith(<RepliesList message={{ ...message, replies: [], repliesCount: 0 }} />);

    screen.getByRole('region', { name: 'Odpovědi' });
    screen.getByText('Zatím nikdo neodpověděl.');
  });

  it('says a closed message takes no replies and when it is deleted', async () => {
    await renderWith(
      <ClosedNotice message={{ ...message, status: 'closed', closedAt: '2026-12-03T09:00:00.000Z' }} />,
    );

    const notice = screen.getByRole('region', { name: 'Zpráva je uzavřená' });
    within(notice).getByText(
      'Uzavřena 03. 12. 2026 10:00. Odpovídat na ni už nejde; i s odpověďmi se smaže 03. 12. 2027.',
    );
  });
});
