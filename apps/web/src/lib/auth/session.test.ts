import type { IncomingMessage } from 'node:http';
import { type CurrentUser, webConfigElementId } from '@opora/contracts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { navigationGuard } from '@/app/navigation-guard.ts';
import { type StandInServer, startStandInServer } from '@/testing/stand-in-server.ts';
import { ApiError, apiClient, configureSessionRenewal } from '../api-client.ts';
import { queryClient } from '../query-client.ts';
import { SignInError, signIn } from './session-runtime.ts';
import { clearTokens, readAccessToken, readRefreshToken, storeTokens } from './token-cookies.ts';
import { renewTokens } from './token-refresh.ts';

// A real HTTP server plays the identity server (Keycloak's token and logout endpoints) and the API:
// the session code runs over the wire, unmocked.

const user: CurrentUser = {
  id: '0b5e1f7a-8a5f-4f8e-9d7e-2f6d3c1a9b01',
  firstName: 'Jana',
  lastName: 'Nováková',
  fullName: 'Jana Nováková',
  userName: 'jana@example.cz',
  email: 'jana@example.cz',
  phone: null,
  locale: 'cs',
  roles: ['client'],
  permissions: [{ operationId: 'getCurrentUser' }, { routeName: 'dashboard' }],
  subscription: null,
  emailConfirmationPending: false,
};

type Recorded = {
  method: string;
  path: string;
  authorization?: string;
  retry?: string;
  form: URLSearchParams;
};

let server: StandInServer;
let received: Recorded[] = [];
let generation = 0;
let validAccess = new Set<string>();
let validRefresh = new Set<string>();
/** Status the token endpoint uses for wrong credentials: Keycloak ≤ 26.5 says 401, 26.6+ says 400. */
let invalidGrantStatus = 401;
let refreshDelayMs = 0;

function issueTokens() {
  generation += 1;
  const tokens = { access: `access-${generation}`, refresh: `refresh-${generation}` };
  validAccess.add(tokens.access);
  validRefresh.add(tokens.refresh);
  return {
    access_token: tokens.access,
    expires_in: 300,
    refresh_expires_in: 0,
    refresh_token: tokens.refresh,
    token_type: 'Bearer',
    'not-before-policy': 0,
    session_state: 'session-1',
    scope: 'offline_access profile email',
  };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => resolve(body));
  });
}

const refreshCalls = () => received.filter((r) => r.form.get('grant_type') === 'refresh_token');

beforeAll(async () => {
  // As main.tsx does: the API client renews tokens through the session runtime.
  configureSessionRenewal(() => import('./session-runtime.ts'));
  server = await startStandInServer(async (request, response) => {
    const body = await readBody(request);
    const path = request.url ?? '';
    const form = new URLSearchParams(body);
    received.push({
      method: request.method ?? '',
      path,
      authorization: request.headers.authorization,
      retry: request.headers['x-retry'] as string | undefined,
      form,
    });
    const send = (status: number, payload?: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(payload === undefined ? undefined : JSON.stringify(payload));
    };
    const bearer = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
    const unauthorized = () =>
      send(401, { type: 'about:blank', title: 'Unauthorized', status: 401, code: 'Unauthorized' });

    if (path === '/api/v1/web/config') {
      return send(200, {
        appVersion: '0.1.0',
        identity: { url: server.origin, realm: 'opora', clientId: 'web' },
        locales: ['cs', 'en', 'sk'],
        defaultLocale: 'cs',
      });
    }
    if (path === '/realms/opora/protocol/openid-connect/token') {
      if (form.get('client_id') !== 'web') return send(401, { error: 'invalid_client' });
      if (form.get('grant_type') === 'password') {
        if (form.get('password') !== 'Správné-heslo-1') {
          return send(invalidGrantStatus, {
            error: 'invalid_grant',
            error_description: 'Invalid user credentials',
          });
        }
        return send(200, issueTokens());
      }
      await new Promise((resolve) => setTimeout(resolve, refreshDelayMs));
      const refreshToken = form.get('refresh_token') ?? '';
      // Rotation: a refresh token works once.
      if (!validRefresh.delete(refreshToken)) {
        return send(400, { error: 'invalid_grant', error_description: 'Session not active' });
      }
      return send(200, issueTokens());
    }
    if (path === '/realms/opora/protocol/openid-connect/logout') {
      validRefresh.delete(form.get('refresh_token') ?? '');
      response.writeHead(204);
      return response.end();
    }
    if (path.startsWith('/api/v1/web/users/me')) {
      return validAccess.has(bearer) ? send(200, { data: user }) : unauthorized();
    }
    if (path === '/api/v1/protected') {
      return validAccess.has(bearer) ? send(200, { ok: true }) : unauthorized();
    }
    if (path === '/api/v1/always-unauthorized') return unauthorized();
    return send(404, { type: 'about:blank', title: 'Not Found', status: 404, code: 'RouteNotFound' });
  });
});

afterAll(() => server.close());

beforeEach(() => {
  received = [];
  validAccess = new Set();
  validRefresh = new Set();
  invalidGrantStatus = 401;
  refreshDelayMs = 0;
});

afterEach(() => {
  clearTokens();
  queryClient.clear();
  vi.restoreAllMocks();
});

/** Signs in as the identity server's one user. */
async function signedIn(): Promise<void> {
  await signIn('jana@example.cz', 'Správné-heslo-1');
  received = [];
}

/** The access token expires (or is revoked) on the server while the browser still holds it. */
function expireAccessToken(): void {
  validAccess.clear();
}

describe('sign-in', () => {
  it('posts the password grant of client web, stores both tokens and loads the user', async () => {
    await expect(signIn('jana@example.cz', 'Správné-heslo-1')).resolves.toEqual(user);
    const grant = received.find((r) => r.path.endsWith('/token'));
    expect(grant?.form.get('grant_type')).toBe('password');
    expect(grant?.form.get('scope')).toBe('profile email offline_access');
    expect(readAccessToken()).toMatch(/^access-/);
    expect(readRefreshToken()).toMatch(/^refresh-/);
    expect(received.at(-1)).toMatchObject({ path: '/api/v1/web/users/me?_envelope=1' });
  });

  it.each([401, 400])('reports wrong credentials answered with %i as invalid credentials', async (status) => {
    invalidGrantStatus = status;
    const error = await signIn('jana@example.cz', 'wrong').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SignInError);
    expect((error as SignInError).failure).toBe('invalidCredentials');
    expect(readAccessToken()).toBeNull();
  });
});

describe('the web config in the page', () => {
  afterEach(() => document.getElementById(webConfigElementId)?.remove());

  it("reads the identity server from the page's JSON block instead of asking /web/config", async () => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = webConfigElementId;
    block.textContent = JSON.stringify({
      appVersion: '0.1.0',
      identity: { url: server.origin, realm: 'opora', clientId: 'web' },
      locales: ['cs', 'en', 'sk'],
      defaultLocale: 'cs',
    });
    document.head.append(block);
    received = [];
    await expect(signIn('jana@example.cz', 'Správné-heslo-1')).resolves.toEqual(user);
    expect(received.map((r) => r.path)).toEqual([
      '/realms/opora/protocol/openid-connect/token',
      '/api/v1/web/users/me?_envelope=1',
    ]);
  });
});

describe('api client with a session', () => {
  it('sends the access token as a bearer header', async () => {
    await signedIn();
    await apiClient.get('/protected');
    expect(received[0]?.authorization).toBe(`Bearer ${readAccessToken()}`);
  });

  it('refreshes once on 401 and repeats the call marked as a retry, with the new token', async () => {
    await signedIn();
    const staleToken = readAccessToken();
    expireAccessToken();
    await expect(apiClient.get('/protected')).resolves.toEqual({ ok: true });
    expect(refreshCalls()).toHaveLength(1);
    const [first, refresh, repeated] = received.filter((r) => r.path !== '/api/v1/web/config');
    expect(refresh?.form.get('grant_type')).toBe('refresh_token');
    expect(first).toMatchObject({ path: '/api/v1/protected', authorization: `Bearer ${staleToken}` });
    expect(first?.retry).toBeUndefined();
    expect(repeated).toMatchObject({ path: '/api/v1/protected', retry: '1' });
    expect(repeated?.authorization).toBe(`Bearer ${readAccessToken()}`);
    expect(readAccessToken()).not.toBe(staleToken);
  });

  it('shares one refresh among calls that fail at the same time', async () => {
    await signedIn();
    expireAccessToken();
    refreshDelayMs = 50;
    const results = await Promise.all(Array.from({ length: 5 }, () => apiClient.get('/protected')));
    expect(results).toEqual(Array.from({ length: 5 }, () => ({ ok: true })));
    expect(refreshCalls()).toHaveLength(1);
  });

  it('clears both tokens when the refresh is refused, and the call fails with 401', async () => {
    await signedIn();
    expireAccessToken();
    validRefresh.clear();
    const error = await apiClient.get('/protected').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(readAccessToken()).toBeNull();
    expect(readRefreshToken()).toBeNull();
  });

  it('signs the user out when the repeated call is refused again', async () => {
    await signedIn();
    const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => {});
    const refreshToken = readRefreshToken();
    await expect(apiClient.get('/always-unauthorized')).rejects.toMatchObject({ status: 401 });
    const logout = received.find((r) => r.path.endsWith('/logout'));
    // The refresh rotated the token; the logout carries the current one.
    expect(logout?.form.get('refresh_token')).not.toBe(refreshToken);
    expect(logout?.form.get('refresh_token')).toMatch(/^refresh-/);
    expect(readAccessToken()).toBeNull();
    expect(replace).toHaveBeenCalledWith('/login');
  });

  it('does not refresh again when another tab already has', async () => {
    await signedIn();
    const staleToken = readAccessToken();
    // Another tab refreshed meanwhile: the shared cookie already holds new tokens.
    storeTokens({
      access_token: 'access-from-other-tab',
      refresh_token: 'refresh-other',
      refresh_expires_in: 0,
    });
    await expect(renewTokens(staleToken)).resolves.toBe(true);
    expect(refreshCalls()).toHaveLength(0);
  });
});

async function redirectOf(work: Promise<void>): Promise<string | null> {
  try {
    await work;
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('Location');
    throw thrown;
  }
}

describe('navigation guard with a session', () => {
  it('admits a signed-in user to a login route', async () => {
    await signedIn();
    await expect(redirectOf(navigationGuard('login'))).resolves.toBeNull();
  });

  it('sends a signed-in user without the permission to unauthorized', async () => {
    await signedIn();
    await expect(redirectOf(navigationGuard({ permission: 'providerHome' }))).resolves.toBe('/unauthorized');
    await expect(redirectOf(navigationGuard({ permission: 'dashboard' }))).resolves.toBeNull();
  });

  it('sends a signed-in user away from sign-in to redirectAfterLogin', async () => {
    await signedIn();
    await expect(redirectOf(navigationGuard('guest'))).resolves.toBe('/redirect-after-login');
  });

  it('refreshes first, then loads the user, when a new page finds only the tokens', async () => {
    await signedIn();
    queryClient.clear();
    await expect(redirectOf(navigationGuard('login'))).resolves.toBeNull();
    const calls = received.filter((r) => r.path !== '/api/v1/web/config');
    expect(calls.map((r) => r.form.get('grant_type') ?? r.path)).toEqual([
      'refresh_token',
      '/api/v1/web/users/me?_envelope=1',
    ]);
  });

  it('sends a token holder whose session has ended to sign-in, and forgets the tokens', async () => {
    await signedIn();
    queryClient.clear();
    validRefresh.clear();
    await expect(redirectOf(navigationGuard('login'))).resolves.toBe('/login');
    expect(readAccessToken()).toBeNull();
    await expect(redirectOf(navigationGuard('public'))).resolves.toBeNull();
  });
});
