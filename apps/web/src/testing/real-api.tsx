import { request as forward } from 'node:http';
import { type RenderResult, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { clearTokens, storeTokens } from '@/lib/auth/token-cookies.ts';
import { i18n, initI18n, loadNamespaces } from '@/lib/i18n/i18n.ts';
import { queryClient } from '@/lib/query-client.ts';
import { loadSessionUser } from '@/lib/session.ts';
import { renderWithApp } from './render.tsx';
import { type StandInServer, startStandInServer } from './stand-in-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The control server of `apps/api/src/testing/page-test-api.ts` (the web project's global setup). */
    oporaPageTestApi: string;
  }
}

/** A signed-in person the control server made: the account and its tokens. */
export interface SeededAccount {
  userId: string;
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
}

export interface SeededMember extends SeededAccount {
  providerId: string;
  providerName: string;
  facilityId: string | null;
  facilityServiceId: string | null;
}

/** What each seed of `page-test-api.ts` takes and answers. */
interface Fixtures {
  account: [{ subscribed?: boolean }, SeededAccount];
  client: [{ ownerUserId: string }, { id: string; fullName: string }];
  caseAndService: [
    { ownerUserId: string },
    { caseId: string; clientId: string; serviceId: string; serviceName: string },
  ];
  /** The provider's free months over unpaid and its listing hidden. */
  lapsedPlan: [{ providerId: string; daysAgo?: number }, Record<string, never>];
  providerMember: [
    { roles: string[]; providerId?: string; facilityIds?: string[]; listingConfirmedAt?: string },
    SeededMember,
  ];
  inbox: [
    Record<string, never>,
    {
      administrator: SeededMember;
      /** A worker of the same provider, assigned to none of its facilities. */
      worker: SeededMember;
      request: { id: string; code: string; clientName: string };
    },
  ];
  careRequest: [
    { facilityServiceId: string; statusCode?: string },
    { id: string; code: string; clientName: string },
  ];
}

export interface RealApi {
  /** Seeds through the db package's factories on the API's database. */
  seed<Name extends keyof Fixtures>(name: Name, args: Fixtures[Name][0]): Promise<Fixtures[Name][1]>;
  /** Holds the person's tokens as the browser does (the cookies) and loads them as the router would. */
  signIn(account: SeededAccount): Promise<void>;
  /**
   * While set, every API call (or every one whose path matches) fails with 500, as when the API is
   * down; clearing it lets the page's retry through. Cleared after each test.
   */
  setOutage(down: boolean | RegExp): void;
  /** Renders `page` at `url` of its route `path`, in Czech, with the namespaces its route loads. */
  renderPage(
    page: ReactElement,
    route: { path: string; url: string; namespaces: readonly string[] },
  ): Promise<RenderResult>;
}

/** How long a page may take to show what the API answered, on a busy machine. */
export const slow = { timeout: 15_000 };

/**
 * The page's error state while the API is down (an alert saying `title`), then its retry once the
 * API is back.
 */
export async function retryAfterOutage(api: RealApi, title: string): Promise<void> {
  // Other alerts may stand on the page (an unconfirmed e-mail): the one that says `title`.
  const alert = await waitFor(() => {
    const found = screen.getAllByRole('alert').find((element) => element.textContent?.includes(title));
    if (!found) throw new Error(`No alert says ${title}`);
    return found;
  }, slow);
  api.setOutage(false);
  await userEvent.click(within(alert).getByRole('button', { name: 'Zkusit znovu' }));
}

async function control<T>(path: string, body: unknown = {}): Promise<T> {
  const response = await fetch(`${inject('oporaPageTestApi')}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Page tests against the real API (`apps/api/src/testing/page-test-api.ts`: the whole app on a real
 * PostgreSQL, shared by the test files; each test seeds its own people). A stand-in server of this
 * file is the page's origin and passes every call through to the API, unless an outage is set. Call
 * at the top of the file: it starts in `beforeAll` and clears the session and the cache after each test.
 */
export function useRealApi(): RealApi {
  let proxy: StandInServer | undefined;
  let outage: boolean | RegExp = false;

  beforeAll(async () => {
    const { origin } = await control<{ origin: string }>('/api');
    const target = new URL(origin);
    proxy = await startStandInServer((request, response) => {
      if (outage === true || (outage instanceof RegExp && outage.test(request.url ?? ''))) {
        response.writeHead(500, { 'content-type': 'application/problem+json' });
        response.end(JSON.stringify({ type: 'about:blank', title: 'Internal Server Error', status: 500 }));
        return;
      }
      const passed = forward(
        {
          host: target.hostname,
          port: target.port,
          method: request.method,
          path: request.url,
          headers: { ...request.headers, host: target.host },
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      // A call the page gave up on (the test ended) closes its socket: no answer is owed.
      passed.on('error', () => response.destroy());
      request.on('error', () => passed.destroy());
      request.pipe(passed);
    });
  }, 180_000);

  afterEach(() => {
    outage = false;
    clearTokens();
    queryClient.clear();
  });

  afterAll(() => proxy?.close());

  return {
    seed: (name, args) => control(`/fixtures/${name}`, args),
    async signIn(account) {
      storeTokens({
        access_token: account.accessToken,
        refresh_token: account.refreshToken,
        refresh_expires_in: 0,
      });
      await loadSessionUser();
    },
    setOutage(down) {
      outage = down;
    },
    async renderPage(page, { path, url, namespaces }) {
      if (!i18n.isInitialized) await initI18n('cs');
      await loadNamespaces(namespaces);
      const router = createMemoryRouter(
        [
          { path, element: page },
          { path: '*', element: null },
        ],
        { initialEntries: [url] },
      );
      return renderWithApp(<RouterProvider router={router} />);
    },
  };
}
