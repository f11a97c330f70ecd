import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '@opora/db';
import { type AccessTokenVerifier, createAccessTokenVerifier } from '../../../platform/auth.ts';
import { type Clock, systemClock } from '../../../platform/clock.ts';
import { type Config, repoRoot } from '../../../platform/config.ts';
import { createIdentityAdmin, type IdentityAdmin } from '../../../platform/identity-admin.ts';
import { type KeycloakTarget, keycloakAdminToken } from '../../../testing/keycloak.ts';
import { testConfig } from '../../../testing/test-app.ts';
import { issuerKeys } from '../../issuer-keys.ts';
import { defaultRealmSettings, type RealmSettings } from '../../realm.ts';
import {
  createFixtureUser,
  fixturePassword,
  type IdentityServer,
  startIdentityServer,
  origin as testClientOrigin,
} from '../conformance-harness.ts';

// The two servers a differential check runs against, behind one interface: the embedded issuer
// (in-process, its own test database, a test clock) and the real Keycloak of the run. Fixtures are
// made the same on both: test clients through the harness (embedded) or the Admin REST API (Keycloak),
// users through `createFixtureUser` or the Admin REST API.

export type TargetName = 'embedded' | 'keycloak';

export interface HttpResult {
  status: number;
  headers: Headers;
  text: string;
  /** The body parsed as JSON, or undefined. */
  json: Record<string, unknown> | undefined;
}

export interface FixtureUserSpec {
  /** Realm roles beyond the default role (which holds `client`). */
  realmRoles?: string[];
  enabled?: boolean;
  requiredActions?: string[];
  /** `null`: no first name. */
  firstName?: string | null;
  lastName?: string;
}

export interface FixtureUser {
  key: string;
  id: string;
  /** The e-mail address, which is also the username (the realm's registrationEmailAsUsername). */
  email: string;
  password: string;
}

export interface Target {
  name: TargetName;
  /** `{B}`: the server's base URL. */
  base: string;
  /** `ISS`. */
  iss: string;
  tokenUrl: string;
  logoutUrl: string;
  certsUrl: string;
  /** The browser origin the `web` client allows (the same on both). */
  webOrigin: string;
  /** The origin the test clients (`nodirect`, `other`, `nooffline`) allow. */
  testClientOrigin: string;
  request: (url: string, init?: RequestInit) => Promise<HttpResult>;
  post: (
    url: string,
    form: Record<string, string> | string,
    headers?: Record<string, string>,
  ) => Promise<HttpResult>;
  /** The target's notion of now, in epoch seconds (the embedded test clock, or the wall clock). */
  nowSeconds: () => number;
  /** Lets time pass: the embedded issuer's clock jumps, Keycloak is waited for in real time. */
  wait: (seconds: number) => Promise<void>;
  /**
   * Keycloak records a login failure asynchronously (its brute-force executor), so the very next
   * request may not see it yet: a short real pause there; nothing on the embedded issuer.
   */
  settle: () => Promise<void>;
  createUser: (key: string, spec?: FixtureUserSpec) => Promise<FixtureUser>;
  /** The API's identity adapter (platform/identity-admin.ts) configured for this server. */
  admin: IdentityAdmin;
  /** The API's access-token verifier (platform/auth.ts) configured for this server. */
  verify: AccessTokenVerifier;
  /**
   * The same verifier (same memory of verified tokens) with its clock set to `atSeconds` for this call.
   * Its own clock, not a faked `Date`: the two targets of a check run at once in one process.
   */
  verifyAt: (token: string, atSeconds: number) => ReturnType<AccessTokenVerifier>;
  /** The API's configuration pointing at this server. */
  apiConfig: Config;
  /** Usernames of sign-ins the server refused although they were right, retried (checks.ts `grant`). */
  spuriousRefusals: string[];
  close: () => Promise<void>;
}

async function httpResult(response: Response): Promise<HttpResult> {
  const text = await response.text();
  let json: Record<string, unknown> | undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    json = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

function httpClient() {
  const request = async (url: string, init: RequestInit = {}) =>
    httpResult(await fetch(url, { redirect: 'manual', ...init }));
  const post = (url: string, form: Record<string, string> | string, headers: Record<string, string> = {}) =>
    request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: typeof form === 'string' ? form : new URLSearchParams(form).toString(),
    });
  return { request, post };
}

/** A run's unique suffix, so reruns against the same Keycloak make new users. */
export const runId = Math.random().toString(36).slice(2, 8);

export function fixtureEmail(key: string): string {
  return `${key}-${runId}@example.test`;
}

function capitalised(key: string): string {
  return key.slice(0, 1).toUpperCase() + key.slice(1);
}

/** The realm settings of keycloak/realm-export.json, the configuration both servers must share. */
export const realmExport = JSON.parse(
  readFileSync(path.join(repoRoot, 'keycloak', 'realm-export.json'), 'utf8'),
) as Record<string, unknown>;

/**
 * The settings the time-dependent checks shorten on both servers (a second embedded server, and
 * Keycloak's realm through the Admin REST API), so that Keycloak can be waited for in real time.
 */
export const shortLifetimes = {
  ssoSessionIdleTimeout: 6,
  ssoSessionMaxLifespan: 14,
  waitIncrementSeconds: 5,
} as const;

export function shortRealmSettings(): Partial<RealmSettings> {
  return {
    ssoSessionIdleTimeout: shortLifetimes.ssoSessionIdleTimeout,
    ssoSessionMaxLifespan: shortLifetimes.ssoSessionMaxLifespan,
    bruteForce: {
      ...defaultRealmSettings.bruteForce,
      waitIncrementSeconds: shortLifetimes.waitIncrementSeconds,
    },
  };
}

/** The API's clients of a server; its verifier keeps the server's time (`now`) unless `verifyAt` sets one. */
function apiClients(config: Config, db: Db, now: Clock) {
  let setTime: Date | undefined;
  const verify = createAccessTokenVerifier(config, issuerKeys(config, db), () => setTime ?? now());
  return {
    admin: createIdentityAdmin(config),
    verify,
    verifyAt: (token: string, atSeconds: number) => {
      // The verifier reads its clock as the call starts, so the set time is this call's alone.
      setTime = new Date(atSeconds * 1000);
      try {
        return verify(token);
      } finally {
        setTime = undefined;
      }
    },
  };
}

/** The embedded issuer on a real port, its `web` client allowing the same browser origin as Keycloak's. */
export async function embeddedTarget(
  webOrigin: string,
  options: { realm?: Partial<RealmSettings> } = {},
): Promise<Target & { server: IdentityServer }> {
  const server = await startIdentityServer({ env: { WEB_ORIGINS: webOrigin }, realm: options.realm });
  const { request, post } = httpClient();
  return {
    name: 'embedded',
    server,
    base: server.base,
    iss: server.iss,
    tokenUrl: server.tokenUrl,
    logoutUrl: server.logoutUrl,
    certsUrl: server.certsUrl,
    webOrigin,
    testClientOrigin,
    request,
    post,
    nowSeconds: () => Math.floor(server.clock.now().getTime() / 1000),
    wait: async (seconds) => {
      server.clock.advance(seconds);
    },
    settle: async () => {},
    createUser: async (key, spec = {}) => {
      const email = fixtureEmail(key);
      const { id } = await createFixtureUser(server, {
        username: email,
        email,
        firstName: spec.firstName === undefined ? capitalised(key) : spec.firstName,
        lastName: spec.lastName ?? 'Example',
        realmRoles: ['client', ...(spec.realmRoles ?? [])],
        enabled: spec.enabled ?? true,
        requiredActions: spec.requiredActions ?? [],
      });
      return { key, id, email, password: fixturePassword };
    },
    // The issuer's test clock stands still unless a check moves it; its tokens are judged by it.
    ...apiClients(server.config, server.database.db, server.clock.now),
    apiConfig: server.config,
    spuriousRefusals: [],
    close: () => server.close(),
  };
}

/** Keycloak's Admin REST API as the master administrator, with the admin token cached for a while. */
export function keycloakAdmin(target: KeycloakTarget) {
  let cached: { token: string; until: number } | undefined;
  const token = async () => {
    if (cached && Date.now() < cached.until) return cached.token;
    cached = { token: await keycloakAdminToken(target), until: Date.now() + 30_000 };
    return cached.token;
  };
  return async (method: string, adminPath: string, body?: unknown): Promise<HttpResult> => {
    const response = await fetch(`${target.url}/admin/realms/${target.realm}${adminPath}`, {
      method,
      headers: {
        authorization: `Bearer ${await token()}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return httpResult(response);
  };
}

export type AdminRequest = ReturnType<typeof keycloakAdmin>;

async function adminOk(admin: AdminRequest, method: string, adminPath: string, body?: unknown) {
  const result = await admin(method, adminPath, body);
  if (result.status >= 300)
    throw new Error(`Keycloak admin ${method} ${adminPath} failed: ${result.status} ${result.text}`);
  return result;
}

/** The `web` client's default and optional scopes (realm export), given to the test clients too. */
const webClientScopes = () => {
  const clients = realmExport.clients as {
    clientId: string;
    defaultClientScopes?: string[];
    optionalClientScopes?: string[];
  }[];
  const web = clients.find((client) => client.clientId === 'web');
  return {
    defaultClientScopes: web?.defaultClientScopes ?? [],
    optionalClientScopes: web?.optionalClientScopes ?? [],
  };
};

/**
 * The harness's test clients (`testClients` of conformance-harness.ts) made in Keycloak when missing:
 * public, allowing the harness origin, with the `opora-api` audience mapper and the `web` client's scopes.
 */
async function ensureKeycloakTestClients(admin: AdminRequest): Promise<void> {
  const clients = [
    { clientId: 'nodirect', directAccessGrantsEnabled: false, fullScopeAllowed: true },
    { clientId: 'other', directAccessGrantsEnabled: true, fullScopeAllowed: true },
    { clientId: 'nooffline', directAccessGrantsEnabled: true, fullScopeAllowed: false },
  ];
  for (const client of clients) {
    const existing = await adminOk(admin, 'GET', `/clients?clientId=${client.clientId}`);
    if (Array.isArray(JSON.parse(existing.text)) && JSON.parse(existing.text).length > 0) continue;
    await adminOk(admin, 'POST', '/clients', {
      ...client,
      enabled: true,
      protocol: 'openid-connect',
      publicClient: true,
      standardFlowEnabled: true,
      redirectUris: [`${testClientOrigin}/*`],
      webOrigins: [testClientOrigin],
      attributes: { 'use.refresh.tokens': 'true' },
      ...webClientScopes(),
      protocolMappers: [
        {
          name: 'audience: opora-api',
          protocol: 'openid-connect',
          protocolMapper: 'oidc-audience-mapper',
          config: {
            'included.client.audience': 'opora-api',
            'id.token.claim': 'false',
            'access.token.claim': 'true',
            'introspection.token.claim': 'true',
          },
        },
      ],
    });
  }
}

/** The realm-export values of the settings `shortLifetimes` changes. */
function exportedLifetimes() {
  return {
    ssoSessionIdleTimeout: realmExport.ssoSessionIdleTimeout,
    ssoSessionMaxLifespan: realmExport.ssoSessionMaxLifespan,
    waitIncrementSeconds: realmExport.waitIncrementSeconds,
  };
}

export async function keycloakRealmLifetimes(admin: AdminRequest, short: boolean): Promise<void> {
  await adminOk(admin, 'PUT', '', short ? { ...shortLifetimes } : exportedLifetimes());
}

/** The real Keycloak of the run, with the test clients made and the realm's lifetimes as exported. */
export async function keycloakTargetOf(kc: KeycloakTarget): Promise<Target & { adminRequest: AdminRequest }> {
  const admin = keycloakAdmin(kc);
  await ensureKeycloakTestClients(admin);
  // A previous run that stopped half-way may have left the short lifetimes behind.
  await keycloakRealmLifetimes(admin, false);
  const { request, post } = httpClient();
  const iss = `${kc.url}/realms/${kc.realm}`;
  const oidc = `${iss}/protocol/openid-connect`;
  const config = testConfig({ IDENTITY_URL: kc.url, IDENTITY_ADMIN_CLIENT_SECRET: kc.apiClientSecret });
  let assistantRole: { id: string; name: string } | undefined;
  return {
    name: 'keycloak',
    adminRequest: admin,
    base: kc.url,
    iss,
    tokenUrl: `${oidc}/token`,
    logoutUrl: `${oidc}/logout`,
    certsUrl: `${oidc}/certs`,
    webOrigin: kc.webOrigin,
    testClientOrigin,
    request,
    post,
    nowSeconds: () => Math.floor(Date.now() / 1000),
    wait: async (seconds) => {
      await sleep(seconds * 1000);
    },
    settle: async () => {
      await sleep(400);
    },
    createUser: async (key, spec = {}) => {
      const email = fixtureEmail(key);
      const firstName = spec.firstName === undefined ? capitalised(key) : spec.firstName;
      const created = await adminOk(admin, 'POST', '/users', {
        username: email,
        email,
        ...(firstName === null ? {} : { firstName }),
        lastName: spec.lastName ?? 'Example',
        enabled: spec.enabled ?? true,
        emailVerified: true,
        requiredActions: spec.requiredActions ?? [],
        credentials: [{ type: 'password', value: fixturePassword, temporary: false }],
      });
      const id = created.headers.get('location')?.split('/').pop();
      if (!id) throw new Error('Keycloak created a user without a Location');
      for (const role of spec.realmRoles ?? []) {
        if (role !== 'assistant') throw new Error(`fixture role ${role} is not supported`);
        assistantRole ??= JSON.parse((await adminOk(admin, 'GET', '/roles/assistant')).text) as {
          id: string;
          name: string;
        };
        await adminOk(admin, 'POST', `/users/${id}/role-mappings/realm`, [assistantRole]);
      }
      return { key, id, email, password: fixturePassword };
    },
    // A remote JWKS (Keycloak's certs endpoint): `issuerKeys` never touches the database then.
    ...apiClients(config, undefined as unknown as Db, systemClock),
    apiConfig: config,
    spuriousRefusals: [],
    close: () => keycloakRealmLifetimes(admin, false),
  };
}
