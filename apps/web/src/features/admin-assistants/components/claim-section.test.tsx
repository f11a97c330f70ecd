import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AssistantQueueItem, CurrentUser } from '@opora/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { currentUserQueryKey } from '@/lib/auth/current-user-key.ts';
import { i18n, initI18n } from '@/lib/i18n/i18n.ts';
import { queryClient } from '@/lib/query-client.ts';
import { renderWithApp } from '@/testing/render.tsx';
import { type StandInServer, startStandInServer } from '@/testing/stand-in-server.ts';
import { ClaimSection } from './claim-section.tsx';

// The claim's moves on the wire (decision 0127): a real HTTP server stands in for the API, answering
// each test's way; what the dialogs send is seen as sent.

const alena = { userId: '0a1b2c3d-0000-4000-8000-000000000001', name: 'Alena Pomocná' };
const boris = { userId: '0a1b2c3d-0000-4000-8000-000000000002', name: 'Boris Volající' };
const taskId = '7e57a5c0-0000-4000-8000-00000000000a';

const task: AssistantQueueItem = {
  id: taskId,
  caseId: '7e57a5c0-0000-4000-8000-00000000000b',
  caseCode: 'P-2026-0042',
  status: 'open',
  contactChannel: 'phone',
  preferredTime: null,
  note: null,
  user: { fullName: 'Jana Dcerová', email: 'jana@example.cz', phone: null },
  createdAt: '2026-12-03T09:00:00.000Z',
  dueAt: '2026-12-04T09:00:00.000Z',
  overdue: false,
  claimedBy: alena,
  claimedAt: '2026-12-03T10:00:00.000Z',
  mine: true,
  firstContactAt: null,
  closedAt: null,
};

type Answer = { status: number; body: unknown };
let server: StandInServer;
const received: { method: string; path: string; body: unknown }[] = [];
let answer: (path: string) => Answer = () => ({ status: 404, body: {} });

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => resolve(body));
  });
}

beforeAll(async () => {
  if (!i18n.isInitialized) await initI18n('cs');
  await i18n.loadNamespaces(['admin-assistants', 'validation', 'errors']);
  server = await startStandInServer(async (request: IncomingMessage, response: ServerResponse) => {
    const body = await readBody(request);
    const path = request.url ?? '';
    received.push({ method: request.method ?? '', path, body: body ? JSON.parse(body) : null });
    const { status, body: payload } = answer(path);
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(payload));
  });
});

afterAll(() => server.close());

afterEach(() => {
  received.length = 0;
  queryClient.clear();
});

/** The signed-in person as the shell holds them: a platform administrator, or an assistant. */
function signedInAs(admin: boolean) {
  const permissions = admin
    ? [{ operationId: 'releaseAssistantTask' }, { operationId: 'reassignAssistantTask' }]
    : [{ operationId: 'releaseAssistantTask' }];
  queryClient.setQueryData(currentUserQueryKey, { permissions } as unknown as CurrentUser);
}

async function renderSection(item: AssistantQueueItem) {
  return renderWithApp(
    <MemoryRouter initialEntries={[`/admin/assistant-tasks/${taskId}`]}>
      <Routes>
        <Route
          path="/admin/assistant-tasks/:taskId"
          element={<ClaimSection task={item} onGone={() => false} />}
        />
        <Route path="/admin/assistant-tasks" element={<h1>Fronta úkolů</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

const posts = () => received.filter((request) => request.method === 'POST');

describe('ClaimSection', () => {
  it('lets the claimant give the task back: Enter on the question confirms, then the queue opens', async () => {
    signedInAs(false);
    answer = () => ({ status: 200, body: { ...task, claimedBy: null, claimedAt: null, mine: false } });
    await renderSection(task);

    const section = screen.getByRole('region', { name: 'Kdo úkol má' });
    within(section).getByText(/^Úkol máte od 03\. 12\. 2026/);
    expect(within(section).queryByRole('button', { name: 'Předat jinému asistentovi' })).toBeNull();
    await userEvent.click(within(section).getByRole('button', { name: 'Vrátit do fronty' }));

    const dialog = await screen.findByRole('dialog', { name: 'Vrátit úkol do fronty?' });
    const question = within(dialog).getByText(/^Případ P-2026-0042 se vrátí do fronty/);
    await waitFor(() => expect(document.activeElement).toBe(question));
    await userEvent.keyboard('{Enter}');

    await screen.findByRole('heading', { name: 'Fronta úkolů' });
    expect(posts()).toEqual([
      {
        method: 'POST',
        path: `/api/v1/admin/assistant-tasks/${taskId}/release`,
        body: { claimantId: alena.userId },
      },
    ]);
  });

  it('keeps a note’s own Enter a new line, and sends the note', async () => {
    signedInAs(false);
    answer = () => ({ status: 200, body: { ...task, claimedBy: null, claimedAt: null, mine: false } });
    await renderSection(task);
    await userEvent.click(screen.getByRole('button', { name: 'Vrátit do fronty' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vrátit úkol do fronty?' });
    const note = within(dialog).getByRole('textbox', { name: 'Poznámka pro asistenty (nepovinné)' });
    await userEvent.type(note, 'Odjíždím.{Enter}Volat dceři.');
    expect(posts()).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Vrátit do fronty' }));
    await screen.findByRole('heading', { name: 'Fronta úkolů' });
    expect(posts()[0]?.body).toEqual({ claimantId: alena.userId, note: 'Odjíždím.\nVolat dceři.' });
  });

  it('lets a platform administrator give a colleague’s task to another, and says who was quicker', async () => {
    signedInAs(true);
    answer = (path) =>
      path === '/api/v1/admin/assistants'
        ? {
            status: 200,
            body: {
              items: [
                { ...alena, email: 'alena@opora.test' },
                { ...boris, email: 'boris@opora.test' },
              ],
            },
          }
        : {
            status: 409,
            body: {
              type: 'about:blank',
              title: 'Conflict',
              status: 409,
              code: 'AssistantTaskClaimed',
              claimedBy: 'Cyril Rychlý',
            },
          };
    await renderSection({ ...task, mine: false });

    const section = screen.getByRole('region', { name: 'Kdo úkol má' });
    within(section).getByText(/^Úkol má od 03\. 12\. 2026 .* Alena Pomocná\.$/);
    within(section).getByRole('button', { name: 'Vrátit do fronty' });
    await userEvent.click(within(section).getByRole('button', { name: 'Předat jinému asistentovi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Předat úkol jinému asistentovi' });
    const assistant = await within(dialog).findByRole('combobox', { name: 'Asistent' });
    // The claimant is not offered her own task.
    expect(
      within(assistant)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Vyberte…', 'Boris Volající (boris@opora.test)']);
    // Enter with nobody chosen: the choice is required, beside it.
    await waitFor(() => expect(document.activeElement).toBe(assistant));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(assistant.getAttribute('aria-invalid')).toBe('true'));
    expect(posts()).toEqual([]);

    await userEvent.selectOptions(assistant, boris.userId);
    assistant.focus();
    await userEvent.keyboard('{Enter}');
    const alert = await within(section).findByRole('alert');
    expect(alert.textContent).toContain(
      'Případ P-2026-0042 má teď Cyril Rychlý. Stránku jsme znovu načetli.',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts()).toEqual([
      {
        method: 'POST',
        path: `/api/v1/admin/assistant-tasks/${taskId}/reassign`,
        body: { claimantId: alena.userId, assistantId: boris.userId },
      },
    ]);
  });

  it('offers nothing to an assistant on a colleague’s task', async () => {
    signedInAs(false);
    await renderSection({ ...task, mine: false });
    expect(screen.queryByRole('button')).toBeNull();
  });
});
