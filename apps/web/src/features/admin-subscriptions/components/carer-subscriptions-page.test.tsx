import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CarerSubscription, CarerSubscriptions } from '@opora/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '@/lib/i18n/i18n.ts';
import { queryClient } from '@/lib/query-client.ts';
import { renderWithApp } from '@/testing/render.tsx';
import { readBody, type StandInServer, startStandInServer } from '@/testing/stand-in-server.ts';
import { CarerSubscriptionsPage } from './carer-subscriptions-page.tsx';

// The free plan's dialogs on the wire (decision 0129): a real HTTP server stands in for the API,
// answering each test's way; what the dialogs send is seen as sent.

const userId = '0a1b2c3d-0000-4000-8000-0000000000c1';
const user = {
  id: userId,
  email: 'jana.dcerova@example.cz',
  name: 'Jana Dcerová',
  locale: 'cs',
  registeredAt: '2026-11-02T09:00:00.000Z',
} as const;
const noPlans: CarerSubscriptions = {
  user,
  currentId: null,
  subscriptions: [],
  payments: { paidCount: 0, failedCount: 0, paidTotals: [], lastPaidAt: null, recent: [] },
};
const freePlan: CarerSubscription = {
  id: '0a1b2c3d-0000-4000-8000-0000000000f1',
  plan: 'free',
  status: 'active',
  live: true,
  price: { amountMinor: 0, currency: 'CZK', vatRatePercent: 0 } as CarerSubscription['price'],
  gateway: 'opora',
  startedAt: '2026-12-03T10:00:00.000Z',
  currentPeriodEnd: '9999-12-31T00:00:00.000Z',
  renews: false,
  cancelledAt: null,
  endedAt: null,
  grant: {
    id: '0a1b2c3d-0000-4000-8000-0000000000a1',
    reason: 'other',
    note: 'Obec platí pečovatelku.',
    endsOn: '2027-03-31',
    grantedAt: '2026-12-03T10:00:00.000Z',
    grantedBy: 'Alena Horáková',
    revokedAt: null,
    revokedBy: null,
    revokeReason: null,
  },
};
const granted: CarerSubscriptions = { ...noPlans, currentId: freePlan.id, subscriptions: [freePlan] };

type Answer = { status: number; body: unknown };
let server: StandInServer;
const received: { method: string; path: string; body: unknown }[] = [];
let answer: (method: string, path: string) => Answer = () => ({ status: 404, body: {} });

beforeAll(async () => {
  if (!i18n.isInitialized) await initI18n('cs');
  await i18n.loadNamespaces(['admin-subscriptions', 'subscriptions', 'validation', 'errors']);
  server = await startStandInServer(async (request: IncomingMessage, response: ServerResponse) => {
    const body = await readBody(request);
    const method = request.method ?? '';
    const path = request.url ?? '';
    received.push({ method, path, body: body ? JSON.parse(body) : null });
    const { status, body: payload } = answer(method, path);
    response.writeHead(status, {
      'content-type': status >= 400 ? 'application/problem+json' : 'application/json',
    });
    response.end(JSON.stringify(payload));
  });
});

afterAll(() => server.close());

afterEach(() => {
  received.length = 0;
  queryClient.clear();
});

async function renderPage() {
  return renderWithApp(
    <MemoryRouter initialEntries={[`/admin/subscriptions/${userId}`]}>
      <Routes>
        <Route path="/admin/subscriptions/:userId" element={<CarerSubscriptionsPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const posts = () => received.filter((request) => request.method === 'POST');
const reads = () => received.filter((request) => request.method === 'GET');

describe('the free plan on a carer’s subscriptions page', () => {
  it('asks for the note with another reason, then gives the plan until the day chosen on Enter', async () => {
    answer = (method) => (method === 'GET' ? { status: 200, body: noPlans } : { status: 201, body: granted });
    await renderPage();

    const section = await screen.findByRole('region', { name: 'Bezplatné předplatné od Opory' });
    within(section).getByText('Nemá bezplatné předplatné od Opory.');
    await userEvent.click(within(section).getByRole('button', { name: 'Dát bezplatné předplatné' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dát bezplatné předplatné' });
    const reason = within(dialog).getByRole('combobox', { name: /^Důvod/ });
    await userEvent.selectOptions(reason, 'Jiný důvod');
    reason.focus();
    await userEvent.keyboard('{Enter}');

    const note = within(dialog).getByRole('textbox', { name: /^Poznámka/ });
    await waitFor(() => expect(note.getAttribute('aria-invalid')).toBe('true'));
    within(dialog).getByText('Pole je povinné');
    expect(document.activeElement).toBe(note);
    expect(posts()).toEqual([]);

    // The note's own Enter is a new line; Enter in the date confirms.
    await userEvent.type(note, 'Obec platí{Enter}pečovatelku.');
    expect(posts()).toEqual([]);
    const lastDay = within(dialog).getByLabelText(/^Poslední den/);
    await userEvent.type(lastDay, '2027-03-31');
    await userEvent.keyboard('{Enter}');

    await within(section).findByText('Má bezplatné předplatné od Opory: nic neplatí a služby může používat.');
    expect(posts()).toEqual([
      {
        method: 'POST',
        path: `/api/v1/admin/subscriptions/${userId}/free-plan`,
        body: { reason: 'other', note: 'Obec platí\npečovatelku.', endsOn: '2027-03-31' },
      },
    ]);
    within(section).getByText('do 31. 03. 2027 včetně');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says in the dialog that a paid plan is live, and reads the person again', async () => {
    answer = (method) =>
      method === 'GET'
        ? { status: 200, body: noPlans }
        : {
            status: 409,
            body: { type: 'about:blank', title: 'Conflict', status: 409, code: 'SubscriptionPaidPlanLive' },
          };
    await renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Dát bezplatné předplatné' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dát bezplatné předplatné' });
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: /^Důvod/ }),
      'Tíživá finanční situace',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dát bezplatné předplatné' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(
      'Tento člověk teď platí předplatné. Bezplatné předplatné lze dát, až placené skončí.',
    );
    expect(posts()[0]?.body).toEqual({ reason: 'hardship' });
    await waitFor(() => expect(reads()).toHaveLength(2));
  });

  it('takes the free plan back with a reason, and refuses none', async () => {
    const revoked = { ...noPlans, subscriptions: [{ ...freePlan, live: false, status: 'cancelled' }] };
    answer = (method) => (method === 'GET' ? { status: 200, body: granted } : { status: 200, body: revoked });
    await renderPage();

    const section = await screen.findByRole('region', { name: 'Bezplatné předplatné od Opory' });
    within(section).getByText('Alena Horáková, 03. 12. 2026 11:00');
    await userEvent.click(within(section).getByRole('button', { name: 'Odebrat bezplatné předplatné' }));
    const dialog = await screen.findByRole('dialog', { name: 'Odebrat bezplatné předplatné?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Odebrat' }));
    await within(dialog).findByText('Pole je povinné');
    expect(posts()).toEqual([]);

    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /^Důvod odebrání/ }),
      'Rodina už platí sama.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Odebrat' }));
    await within(section).findByText('Nemá bezplatné předplatné od Opory.');
    expect(posts()).toEqual([
      {
        method: 'POST',
        path: `/api/v1/admin/subscriptions/${userId}/free-plan/revoke`,
        body: { reason: 'Rodina už platí sama.' },
      },
    ]);
  });
});
