import type { CaseAssistantWork } from '@opora/contracts';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '@/lib/i18n/i18n.ts';
import { renderWithApp } from '@/testing/render.tsx';
import { AssistantWorkCard } from './assistant-work.tsx';

const service = {
  id: '5f1e9a4e-4a39-4a6b-9a57-1d7c8e0b6a01',
  name: 'Pečovatelská služba',
  providerName: 'Diakonie Brno',
};
const requestId = '0b8f3c2e-9a7d-4f6e-8c1b-2a3d4e5f6a7b';

const waiting: CaseAssistantWork = {
  taskId: 'a6c1d2e3-f4a5-4b6c-8d7e-9f0a1b2c3d4e',
  state: 'waiting',
  handedOverAt: '2026-12-03T09:30:00.000Z',
  assistantName: null,
  entries: [],
  summary: null,
  closedAt: null,
};

const entry = (id: string, at: string, rest: Partial<CaseAssistantWork['entries'][number]>) => ({
  id,
  at,
  by: 'Petra Asistentová',
  kind: 'claimed' as const,
  service: null,
  outcome: null,
  careRequestId: null,
  releasedFrom: null,
  assignedTo: null,
  ...rest,
});

const done: CaseAssistantWork = {
  ...waiting,
  state: 'done',
  assistantName: 'Petra',
  entries: [
    entry('11111111-1111-4111-8111-111111111111', '2026-12-03T10:00:00.000Z', { kind: 'claimed' }),
    entry('22222222-2222-4222-8222-222222222222', '2026-12-03T10:20:00.000Z', {
      kind: 'call',
      service,
      outcome: 'no-capacity',
    }),
    entry('33333333-3333-4333-8333-333333333333', '2026-12-03T11:00:00.000Z', {
      kind: 'request-sent',
      service,
      careRequestId: requestId,
    }),
    entry('44444444-4444-4444-8444-444444444444', '2026-12-04T08:00:00.000Z', { kind: 'closed' }),
  ],
  summary: 'Diakonie má volno od ledna.\nPoptávku jsme poslali.',
  closedAt: '2026-12-04T08:00:00.000Z',
};

async function renderCard(work: CaseAssistantWork) {
  await i18n.loadNamespaces(['clients']);
  return renderWithApp(
    <MemoryRouter>
      <AssistantWorkCard work={work} caseName="Péče o maminku" />
    </MemoryRouter>,
  );
}

describe('the assistant’s work on the client page', () => {
  beforeAll(async () => {
    if (!i18n.isInitialized) await initI18n('cs');
  });

  it('says a case handed over and not taken yet is waiting, without any history', async () => {
    await renderCard(waiting);

    const section = screen.getByRole('region', { name: /^Práce asistenta/ });
    within(section).getByText('Potřeba: Péče o maminku');
    within(section).getByText('Čeká na asistenta');
    within(section).getByText(/^Čeká, až se případu ujme asistent\. Předali jste ho 03\. 12\. 2026;/);
    expect(within(section).queryByRole('list')).toBeNull();
  });

  it('names the assistant at work by the first name only', async () => {
    await renderCard({
      ...waiting,
      state: 'in-progress',
      assistantName: 'Petra',
      entries: [done.entries[0]!],
    });

    screen.getByText('Asistent pracuje');
    screen.getByText('Případu se věnuje Petra z týmu asistentů Opory.');
    const history = screen.getByRole('list');
    within(history).getByText('Převzetí případu');
    within(history).getByText(/ · Petra$/);
    expect(screen.queryByText(/Asistentová/)).toBeNull();
  });

  it('says a case given back to the team is waiting again', async () => {
    await renderCard({
      ...waiting,
      entries: [
        entry('11111111-1111-4111-8111-111111111111', '2026-12-03T10:00:00.000Z', { kind: 'claimed' }),
        entry('22222222-2222-4222-8222-222222222222', '2026-12-03T12:00:00.000Z', {
          kind: 'released',
          releasedFrom: 'Petra',
        }),
      ],
    });
    screen.getByText('Čeká na asistenta');
    const steps = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(steps.map((step) => step.querySelector('p')?.textContent)).toEqual([
      'Převzetí případu',
      'Případ se vrátil týmu asistentů',
    ]);
  });

  it('names the assistant a case was given to by the first name only', async () => {
    await renderCard({
      ...waiting,
      state: 'in-progress',
      assistantName: 'Karel',
      entries: [
        entry('33333333-3333-4333-8333-333333333333', '2026-12-03T14:00:00.000Z', {
          kind: 'reassigned',
          by: 'Eva',
          releasedFrom: 'Petra',
          assignedTo: 'Karel Dvořák',
        }),
      ],
    });
    screen.getByText('Případu se věnuje Karel z týmu asistentů Opory.');
    screen.getByText('Případ má nyní na starosti Karel');
    expect(screen.queryByText(/Dvořák/)).toBeNull();
  });

  it('shows a finished case’s summary and each step in time order, the request leading to its detail', async () => {
    await renderCard(done);

    screen.getByText('Hotovo');
    screen.getByText(/^Asistent práci na případu dokončil 04\. 12\. 2026\./);
    screen.getByRole('heading', { level: 3, name: 'Shrnutí od asistenta' });
    screen.getByText(/Diakonie má volno od ledna\./);

    const steps = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(steps.map((step) => step.querySelector('p')?.textContent)).toEqual([
      'Převzetí případu',
      'Hovor s poskytovatelem',
      'Odeslaná poptávka',
      'Dokončení práce',
    ]);
    within(steps[1]!).getByText('Diakonie Brno – Pečovatelská služba');
    within(steps[1]!).getByText('Výsledek: nemá volnou kapacitu');
    const link = within(steps[2]!).getByRole('link', { name: 'Pečovatelská služba' });
    expect(link.getAttribute('href')).toBe(`/dashboard/request/${requestId}`);
  });
});
