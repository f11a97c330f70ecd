import type { AssistantTaskEntry } from '@opora/contracts';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '@/lib/i18n/i18n.ts';
import { renderWithApp } from '@/testing/render.tsx';
import { TaskHistory } from './task-history.tsx';

const service = {
  id: '5f1e9a4e-4a39-4a6b-9a57-1d7c8e0b6a01',
  name: 'Pečovatelská služba',
  providerName: 'Diakonie Brno',
};

const entry = (id: string, at: string, rest: Partial<AssistantTaskEntry>): AssistantTaskEntry => ({
  id,
  at,
  by: 'Petra Asistentová',
  kind: 'claimed',
  service: null,
  outcome: null,
  note: null,
  followUpOn: null,
  careRequestId: null,
  releasedFrom: null,
  assignedTo: null,
  ...rest,
});

describe('TaskHistory', () => {
  beforeAll(async () => {
    if (!i18n.isInitialized) await initI18n('cs');
    await i18n.loadNamespaces(['admin-assistants']);
  });

  it('lists the steps in time order with the call’s outcome, note and follow-up', async () => {
    await renderWithApp(
      <TaskHistory
        entries={[
          entry('33333333-3333-4333-8333-333333333333', '2026-12-03T11:00:00.000Z', {
            kind: 'request-sent',
            service,
          }),
          entry('11111111-1111-4111-8111-111111111111', '2026-12-03T10:00:00.000Z', { kind: 'claimed' }),
          entry('22222222-2222-4222-8222-222222222222', '2026-12-03T10:20:00.000Z', {
            kind: 'call',
            service,
            outcome: 'waiting-list',
            note: 'Volat paní Malé.\nPo 14. hodině.',
            followUpOn: '2026-12-10',
          }),
        ]}
      />,
    );
    const history = screen.getByRole('region', { name: 'Průběh' });
    const items = within(history).getAllByRole('listitem');
    expect(items.map((item) => within(item).getAllByText(/./)[0]?.textContent)).toEqual([
      'Převzetí případu',
      'Hovor',
      'Odeslaná poptávka',
    ]);
    const call = items[1]?.textContent ?? '';
    expect(call).toContain('Diakonie Brno – Pečovatelská služba');
    expect(call).toContain('Výsledek: Zapíše klienta do pořadníku');
    expect(call).toContain('Zavolat znovu 10. 12. 2026');
    expect(call).toContain('Poznámka: Volat paní Malé.\nPo 14. hodině.');
    expect(call).toContain('03. 12. 2026 11:20 · Petra Asistentová');
  });

  it('says who a claim was taken from and given to, and the note, naming the mover only as its author', async () => {
    await renderWithApp(
      <TaskHistory
        entries={[
          entry('11111111-1111-4111-8111-111111111111', '2026-12-03T10:00:00.000Z', { kind: 'claimed' }),
          entry('22222222-2222-4222-8222-222222222222', '2026-12-03T12:00:00.000Z', {
            kind: 'released',
            releasedFrom: 'Petra Asistentová',
            note: 'Odjíždím na dovolenou.',
          }),
          entry('33333333-3333-4333-8333-333333333333', '2026-12-03T13:00:00.000Z', {
            kind: 'claimed',
            by: 'Karel Dvořák',
          }),
          entry('44444444-4444-4444-8444-444444444444', '2026-12-03T14:00:00.000Z', {
            kind: 'reassigned',
            by: 'Eva Správcová',
            releasedFrom: 'Karel Dvořák',
            assignedTo: 'Petra Asistentová',
          }),
        ]}
      />,
    );
    const items = within(screen.getByRole('region', { name: 'Průběh' })).getAllByRole('listitem');
    expect(items.map((item) => within(item).getAllByText(/./)[0]?.textContent)).toEqual([
      'Převzetí případu',
      'Vráceno do fronty',
      'Převzetí případu',
      'Předáno jinému asistentovi',
    ]);
    // Her own release says no "previous assistant": she is its author.
    const released = items[1]?.textContent ?? '';
    expect(released).not.toContain('Předchozí asistent');
    expect(released).toContain('Poznámka: Odjíždím na dovolenou.');
    expect(released).toContain('03. 12. 2026 13:00 · Petra Asistentová');
    const reassigned = items[3]?.textContent ?? '';
    expect(reassigned).toContain('Nový asistent: Petra Asistentová');
    expect(reassigned).toContain('Předchozí asistent: Karel Dvořák');
    expect(reassigned).toContain('03. 12. 2026 15:00 · Eva Správcová');
  });

  it('says when nothing has happened yet', async () => {
    await renderWithApp(<TaskHistory entries={[]} />);
    expect(screen.getByRole('region', { name: 'Průběh' }).textContent).toContain('Zatím nic.');
    expect(screen.queryByRole('listitem')).toBeNull();
  });
});
