import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { identityScope } from '@opora/contracts';
import { base64url, compactVerify, createLocalJWKSet, decodeJwt, type JSONWebKeySet, SignJWT } from 'jose';
import { expect } from 'vitest';
import { InvalidAccessTokenError } from '../../../platform/auth.ts';
import { evilOrigin } from '../conformance-harness.ts';
import {
  approx,
  claims,
  http,
  type Json,
  jsonType,
  jwsHeader,
  type Observation,
  outcome,
  scopeSet,
} from './observe.ts';
import {
  type FixtureUser,
  type FixtureUserSpec,
  realmExport,
  shortLifetimes,
  type Target,
} from './targets.ts';

// The differential checks: each runs against one target and answers a normalised observation; the
// suite runs it on both servers and compares. The ids follow CONFORMANCE.md (A1 … G57); X are CORS,
// M the admin operations of platform/identity-admin.ts, L lifetimes, S the time-dependent checks that
// run with short realm lifetimes on both servers (Keycloak waited for in real time).

export interface SharedUsers {
  /** realm roles client + assistant; never given a wrong password */
  alice: FixtureUser;
  /** disabled */
  bob: FixtureUser;
  /** required action UPDATE_PASSWORD */
  carol: FixtureUser;
  /** a plain user (no extra roles) */
  dave: FixtureUser;
  /** no first name */
  frank: FixtureUser;
  /** target of the wrong-password checks */
  victor: FixtureUser;
}

export const sharedUserSpecs: Record<keyof SharedUsers, FixtureUserSpec> = {
  alice: { realmRoles: ['assistant'] },
  bob: { enabled: false },
  carol: { requiredActions: ['UPDATE_PASSWORD'] },
  dave: {},
  frank: { firstName: null },
  victor: {},
};

export interface CheckContext {
  t: Target;
  users: SharedUsers;
  /** A new user for this check alone (state-changing checks). */
  user: (key: string, spec?: FixtureUserSpec) => Promise<FixtureUser>;
  /** `kid`s published by the target's certs endpoint. */
  certKids: () => Promise<Set<string>>;
  /** A valid access token of another issuer (another realm or server, keys unknown to the target). */
  foreignAccessToken: () => Promise<string>;
}

export interface Check {
  id: string;
  title: string;
  /** `short`: runs against the servers with `shortLifetimes`. */
  phase: 'main' | 'short';
  run: (ctx: CheckContext) => Promise<Observation>;
  /** Asserts that one side's observation is meaningful (so the comparison cannot pass vacuously). */
  sanity?: (observation: Observation) => void;
}

interface TokenBody {
  access_token: string;
  refresh_token: string;
  id_token?: string;
  expires_in: number;
  refresh_expires_in: number;
  session_state: string;
  scope: string;
  'not-before-policy': number;
  [key: string]: unknown;
}

const onlineScope = 'profile email';
const exported = {
  accessTokenLifespan: realmExport.accessTokenLifespan as number,
  ssoSessionIdleTimeout: realmExport.ssoSessionIdleTimeout as number,
};

const webHeaders = (t: Target) => ({ origin: t.webOrigin });

function passwordForm(
  user: FixtureUser,
  overrides: Record<string, string | undefined> = {},
): Record<string, string> {
  const form: Record<string, string | undefined> = {
    client_id: 'web',
    grant_type: 'password',
    username: user.email,
    password: user.password,
    scope: identityScope,
    ...overrides,
  };
  return Object.fromEntries(
    Object.entries(form).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

const token = (t: Target, form: Record<string, string> | string, headers: Record<string, string> = {}) =>
  t.post(t.tokenUrl, form, headers);

/**
 * A password grant that must succeed. Keycloak (brute-force protection on, concurrent logins not
 * allowed, its default) now and then refuses a user's sign-in right after another one of that user,
 * as "Invalid user credentials" although nothing failed (its bookkeeping of the previous login is
 * asynchronous; check D29c covers truly concurrent sign-ins). Such a refusal is retried there and
 * counted (`t.spuriousRefusals`), so that checks compare what they are about.
 */
async function grant(t: Target, form: Record<string, string>, headers: Record<string, string> = {}) {
  for (let attempt = 1; ; attempt++) {
    const response = await token(t, form, headers);
    const refused =
      response.status === 400 && response.json?.error_description === 'Invalid user credentials';
    if (!refused || t.name !== 'keycloak' || attempt === 4) return response;
    t.spuriousRefusals.push(String(form.username));
    await sleep(300 * attempt);
  }
}

async function signIn(
  t: Target,
  user: FixtureUser,
  options: { scope?: string; clientId?: string; password?: string; headers?: Record<string, string> } = {},
): Promise<TokenBody> {
  const response = await grant(
    t,
    passwordForm(user, {
      scope: options.scope ?? identityScope,
      client_id: options.clientId ?? 'web',
      password: options.password ?? user.password,
    }),
    options.headers,
  );
  if (response.status !== 200)
    throw new Error(`${t.name}: sign-in of ${user.key} failed: ${response.status} ${response.text}`);
  return response.json as unknown as TokenBody;
}

const refresh = (t: Target, refreshToken: string, clientId = 'web', headers: Record<string, string> = {}) =>
  token(t, { client_id: clientId, grant_type: 'refresh_token', refresh_token: refreshToken }, headers);

const logout = (t: Target, refreshToken: string, clientId = 'web', headers: Record<string, string> = {}) =>
  t.post(t.logoutUrl, { client_id: clientId, refresh_token: refreshToken }, headers);

/** The adapter's verifyPassword with the right password (a spurious Keycloak refusal retried, see `grant`). */
async function rightPasswordVerified(t: Target, user: FixtureUser): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    if (await t.admin.verifyPassword(user.email, user.password)) return true;
    if (t.name !== 'keycloak' || attempt === 4) return false;
    t.spuriousRefusals.push(user.email);
    await sleep(300 * attempt);
  }
}

/** What the API's verifier says about a token: accepted (subject, realm roles) or the reason it refused. */
async function verdict(
  t: Target,
  accessToken: string,
  user?: FixtureUser,
  atSeconds?: number,
): Promise<Observation> {
  try {
    const verified = await (atSeconds === undefined
      ? t.verify(accessToken)
      : t.verifyAt(accessToken, atSeconds));
    return {
      accepted: true,
      subject: user && verified.subject === user.id ? '<user.id>' : jsonType(verified.subject),
      realmRoles: [...verified.realmRoles].sort(),
    };
  } catch (error) {
    if (error instanceof InvalidAccessTokenError) return { accepted: false, reason: error.reason };
    throw error;
  }
}

const b64 = (value: unknown) => base64url.encode(JSON.stringify(value));

/** The error class (and detail) an adapter call ends with, or `ok`. */
async function adapterOutcome(run: () => Promise<unknown>): Promise<Json> {
  try {
    await run();
    return 'ok';
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    const detail = error as Error & { policy?: string; fields?: { field: string; errorMessage: string }[] };
    return {
      error: error.name,
      ...(detail.policy === undefined ? {} : { policy: detail.policy }),
      ...(detail.fields === undefined
        ? {}
        : { fields: detail.fields.map((field) => `${field.field}: ${field.errorMessage}`) }),
    };
  }
}

function expectStatus(observation: Json | undefined, status: number) {
  expect((observation as Observation).status).toBe(status);
}

export const checks: Check[] = [
  // ------------------------------------------------------------------------------------------------
  // A. Discovery and keys
  {
    id: 'A1',
    title: 'discovery document: issuer, endpoint URLs, supported values; no cookie',
    phase: 'main',
    run: async ({ t }) => {
      const response = await t.request(`${t.iss}/.well-known/openid-configuration`);
      const document = response.json ?? {};
      const oidc = `${t.iss}/protocol/openid-connect`;
      const includes = (name: string, values: string[]) =>
        Array.isArray(document[name]) &&
        values.every((value) => (document[name] as string[]).includes(value));
      const nonEmptyStrings = (name: string) =>
        Array.isArray(document[name]) &&
        (document[name] as unknown[]).length > 0 &&
        (document[name] as unknown[]).every((value) => typeof value === 'string');
      return {
        response: http(t, response, { body: false }),
        issuer: document.issuer === t.iss,
        endpoints: {
          token: document.token_endpoint === `${oidc}/token`,
          end_session: document.end_session_endpoint === `${oidc}/logout`,
          jwks_uri: document.jwks_uri === `${oidc}/certs`,
          userinfo: document.userinfo_endpoint === `${oidc}/userinfo`,
          authorization: document.authorization_endpoint === `${oidc}/auth`,
          introspection: document.introspection_endpoint === `${oidc}/token/introspect`,
          revocation: document.revocation_endpoint === `${oidc}/revoke`,
        },
        grantTypes: includes('grant_types_supported', ['password', 'refresh_token']),
        rs256: includes('id_token_signing_alg_values_supported', ['RS256']),
        scopes: includes('scopes_supported', ['openid', 'profile', 'email', 'offline_access']),
        nonEmpty: [
          'response_types_supported',
          'subject_types_supported',
          'token_endpoint_auth_methods_supported',
        ].every(nonEmptyStrings),
      };
    },
    sanity: (o) => {
      expectStatus(o.response, 200);
      expect(o.issuer).toBe(true);
    },
  },
  {
    id: 'A2',
    title: 'certs: RSA signing key, no symmetric or private material; no cookie',
    phase: 'main',
    run: async ({ t }) => {
      const response = await t.request(t.certsUrl);
      const keys = (response.json?.keys ?? []) as Record<string, unknown>[];
      const signing = keys.filter((key) => key.kty === 'RSA' && key.use === 'sig' && key.alg === 'RS256');
      return {
        response: http(t, response, { body: false }),
        rsaSigningKeys: signing.length > 0,
        signingKeyMembers: signing[0] ? Object.keys(signing[0]).sort() : [],
        signingKeyValid: signing.every(
          (key) =>
            typeof key.kid === 'string' &&
            key.kid !== '' &&
            /^[\w-]+$/.test(String(key.n)) &&
            /^[\w-]+$/.test(String(key.e)),
        ),
        symmetric: keys.some((key) => key.kty === 'oct'),
        privateMembers: keys.some((key) => ['d', 'p', 'q', 'dp', 'dq', 'qi'].some((member) => member in key)),
        keyKinds: [...new Set(keys.map((key) => `${key.kty}/${key.use}/${key.alg}`))].sort(),
      };
    },
    sanity: (o) => {
      expectStatus(o.response, 200);
      expect(o.rsaSigningKeys).toBe(true);
    },
  },
  {
    id: 'A3',
    title: 'access token JWS header; verifies with certs',
    phase: 'main',
    run: async ({ t, users, certKids }) => {
      const login = await signIn(t, users.alice);
      const certs = (await t.request(t.certsUrl)).json as unknown as JSONWebKeySet;
      const verifies = await compactVerify(login.access_token, createLocalJWKSet(certs)).then(
        () => true,
        () => false,
      );
      return { header: jwsHeader(login.access_token, await certKids()), verifiesWithCerts: verifies };
    },
    sanity: (o) => expect(o.verifiesWithCerts).toBe(true),
  },
  {
    id: 'A4',
    title: 'discovery of an unknown realm → 404',
    phase: 'main',
    run: async ({ t }) => ({
      response: http(t, await t.request(`${t.base}/realms/doesnotexist/.well-known/openid-configuration`)),
    }),
    sanity: (o) => expectStatus(o.response, 404),
  },

  // ------------------------------------------------------------------------------------------------
  // B. Password grant — success
  {
    id: 'B6',
    title: 'the app’s sign-in (scope profile email offline_access, Origin web): keys, headers, values',
    phase: 'main',
    run: async ({ t, users }) => {
      const response = await grant(t, passwordForm(users.alice), webHeaders(t));
      const body = (response.json ?? {}) as Partial<TokenBody>;
      return {
        response: http(t, response),
        token_type: (body.token_type as Json) ?? null,
        scope: scopeSet(body.scope),
        expires_in: approx(body.expires_in, exported.accessTokenLifespan),
        refresh_expires_in: (body.refresh_expires_in as Json) ?? null,
        'not-before-policy': (body['not-before-policy'] as Json) ?? null,
        sidIsSessionState: body.access_token
          ? decodeJwt(body.access_token).sid === body.session_state
          : false,
      };
    },
    sanity: (o) => expectStatus(o.response, 200),
  },
  {
    id: 'B8',
    title: 'sign-in without offline_access: online refresh token for the idle timeout',
    phase: 'main',
    run: async ({ t, users }) => {
      const body = await signIn(t, users.alice, { scope: onlineScope });
      const refreshClaims = decodeJwt(body.refresh_token);
      return {
        scope: scopeSet(body.scope),
        refresh_expires_in: approx(body.refresh_expires_in, exported.ssoSessionIdleTimeout),
        refreshTyp: (refreshClaims.typ as Json) ?? null,
        'refresh exp−iat': (refreshClaims.exp ?? 0) - (refreshClaims.iat ?? 0),
      };
    },
    sanity: (o) => expect(o.refreshTyp).toBe('Refresh'),
  },
  {
    id: 'B9',
    title: 'sign-in without a scope parameter',
    phase: 'main',
    run: async ({ t, users }) => {
      const response = await grant(t, passwordForm(users.alice, { scope: undefined }));
      return { response: http(t, response), scope: scopeSet(response.json?.scope) };
    },
    sanity: (o) => expectStatus(o.response, 200),
  },
  {
    id: 'B10',
    title: 'login name: e-mail in another letter case, surrounding spaces, local part only',
    phase: 'main',
    run: async ({ t, users }) => {
      const attempt = async (username: string, mustSucceed = false) => {
        const form = passwordForm(users.alice, { username });
        const response = mustSucceed ? await grant(t, form) : await token(t, form);
        if (response.status !== 200) return outcome(response);
        const payload = decodeJwt(String(response.json?.access_token));
        return {
          status: 200,
          preferred_username:
            payload.preferred_username === users.alice.email
              ? '<user.email>'
              : String(payload.preferred_username),
          sub: payload.sub === users.alice.id ? '<user.id>' : 'other',
        };
      };
      return {
        upperCase: await attempt(users.alice.email.toUpperCase(), true),
        spaces: await attempt(`  ${users.alice.email} `),
        localPart: await attempt(users.alice.email.split('@')[0] ?? ''),
      };
    },
    sanity: (o) => expectStatus(o.upperCase, 200),
  },
  {
    id: 'B11',
    title: 'scope openid adds an ID token',
    phase: 'main',
    run: async ({ t, users, certKids }): Promise<Observation> => {
      const body = await signIn(t, users.alice, { scope: `openid ${identityScope}` });
      if (!body.id_token) return { idToken: false };
      return {
        idToken: true,
        scope: scopeSet(body.scope),
        header: jwsHeader(body.id_token, await certKids()),
        claims: claims(t, body.id_token, {
          user: users.alice,
          sessionState: body.session_state,
          now: t.nowSeconds(),
        }),
      };
    },
    sanity: (o) => expect(o.idToken).toBe(true),
  },

  // ------------------------------------------------------------------------------------------------
  // C. Token contents
  {
    id: 'C12',
    title: 'access token claims (names, types, values the API reads)',
    phase: 'main',
    run: async ({ t, users }) => {
      const body = await signIn(t, users.alice);
      return claims(t, body.access_token, {
        user: users.alice,
        sessionState: body.session_state,
        now: t.nowSeconds(),
      });
    },
    sanity: (o) => {
      expect(o.typ).toBe('Bearer');
      expect(o.sub).toBe('<user.id>');
    },
  },
  {
    id: 'C13a',
    title: 'a user without extra roles: realm roles in the token',
    phase: 'main',
    run: async ({ t, users }) => {
      const body = await signIn(t, users.dave);
      const payload = decodeJwt(body.access_token) as { realm_access?: { roles?: string[] } };
      return { realmRoles: [...(payload.realm_access?.roles ?? [])].sort() };
    },
    sanity: (o) => expect(o.realmRoles).toContain('client'),
  },
  {
    id: 'C13b',
    title: 'a user without a first name signs in',
    phase: 'main',
    run: async ({ t, users }) => {
      const response = await grant(t, passwordForm(users.frank), webHeaders(t));
      return {
        response: http(t, response),
        ...(response.status === 200
          ? { claims: claims(t, String(response.json?.access_token), { user: users.frank }) }
          : {}),
      };
    },
  },
  {
    id: 'C14',
    title: 'refresh tokens: header, claims, no exp when offline, not verifiable with certs',
    phase: 'main',
    run: async ({ t, users, certKids }) => {
      const certs = (await t.request(t.certsUrl)).json as unknown as JSONWebKeySet;
      const describe = async (body: TokenBody) => ({
        header: jwsHeader(body.refresh_token, await certKids()),
        claims: claims(t, body.refresh_token, {
          user: users.alice,
          sessionState: body.session_state,
          now: t.nowSeconds(),
        }),
        verifiesWithCerts: await compactVerify(body.refresh_token, createLocalJWKSet(certs)).then(
          () => true,
          () => false,
        ),
      });
      return {
        offline: await describe(await signIn(t, users.alice)),
        online: await describe(await signIn(t, users.alice, { scope: onlineScope })),
      };
    },
    sanity: (o) => expect((o.offline as Observation).verifiesWithCerts).toBe(false),
  },

  // ------------------------------------------------------------------------------------------------
  // D. Password grant — errors (sent with the web origin, so CORS on errors is compared too)
  {
    id: 'D15',
    title: 'wrong password',
    phase: 'main',
    run: async ({ t, users }) => ({
      response: http(t, await token(t, passwordForm(users.victor, { password: 'wrong' }), webHeaders(t))),
    }),
    sanity: (o) => expect((o.response as Observation).body).toMatchObject({ error: 'invalid_grant' }),
  },
  {
    id: 'D16',
    title: 'unknown user: same status and bytes as a wrong password',
    phase: 'main',
    run: async ({ t, users }) => {
      const wrong = await token(t, passwordForm(users.victor, { password: 'wrong-again' }), webHeaders(t));
      const unknown = await token(
        t,
        passwordForm(users.victor, { username: `nobody-${randomUUID()}@example.test`, password: 'x' }),
        webHeaders(t),
      );
      return {
        response: http(t, unknown),
        sameAsWrongPassword: unknown.status === wrong.status && unknown.text === wrong.text,
      };
    },
    sanity: (o) => expect(o.sameAsWrongPassword).toBe(true),
  },
  {
    id: 'D17',
    title: 'username missing, or only whitespace',
    phase: 'main',
    run: async ({ t, users }) => ({
      missing: http(t, await token(t, passwordForm(users.victor, { username: undefined }), webHeaders(t))),
      whitespace: http(t, await token(t, passwordForm(users.victor, { username: '   ' }), webHeaders(t))),
    }),
    sanity: (o) => expectStatus(o.missing, 401),
  },
  {
    id: 'D18',
    title: 'password missing',
    phase: 'main',
    run: async ({ t, users }) => ({
      response: http(t, await token(t, passwordForm(users.victor, { password: undefined }), webHeaders(t))),
    }),
  },
  {
    id: 'D19',
    title: 'disabled account, right and wrong password',
    phase: 'main',
    run: async ({ t, users }) => ({
      rightPassword: http(t, await grant(t, passwordForm(users.bob), webHeaders(t))),
      wrongPassword: outcome(await token(t, passwordForm(users.bob, { password: 'wrong' }), webHeaders(t))),
    }),
    sanity: (o) => expectStatus(o.rightPassword, 400),
  },
  {
    id: 'D20',
    title: 'pending required action (UPDATE_PASSWORD)',
    phase: 'main',
    run: async ({ t, users }) => ({
      response: http(t, await grant(t, passwordForm(users.carol), webHeaders(t))),
    }),
    sanity: (o) => expectStatus(o.response, 400),
  },
  {
    id: 'D21',
    title: 'client without direct access grants (its own origin)',
    phase: 'main',
    run: async ({ t, users }) => ({
      response: http(
        t,
        await token(t, passwordForm(users.alice, { client_id: 'nodirect' }), { origin: t.testClientOrigin }),
      ),
    }),
    sanity: (o) => expectStatus(o.response, 400),
  },
  {
    id: 'D22',
    title: 'unknown client',
    phase: 'main',
    run: async ({ t, users }) => ({
      response: http(t, await token(t, passwordForm(users.alice, { client_id: 'unknown' }), webHeaders(t))),
    }),
    sanity: (o) => expectStatus(o.response, 401),
  },
  {
    id: 'D23',
    title: 'client_id missing or empty',
    phase: 'main',
    run: async ({ t, users }) => ({
      missing: http(t, await token(t, passwordForm(users.alice, { client_id: undefined }), webHeaders(t))),
      empty: outcome(await token(t, passwordForm(users.alice, { client_id: '' }))),
    }),
  },
  {
    id: 'D24',
    title: 'grant_type missing (checked before the client: also with an unknown client)',
    phase: 'main',
    run: async ({ t, users }) => ({
      web: http(t, await token(t, passwordForm(users.alice, { grant_type: undefined }), webHeaders(t))),
      unknownClient: http(
        t,
        await token(
          t,
          passwordForm(users.alice, { grant_type: undefined, client_id: 'unknown' }),
          webHeaders(t),
        ),
      ),
    }),
    sanity: (o) => expectStatus(o.web, 400),
  },
  {
    id: 'D25',
    title: 'unsupported grant_type',
    phase: 'main',
    run: async ({ t, users }) => ({
      response: http(t, await token(t, passwordForm(users.alice, { grant_type: 'foo' }), webHeaders(t))),
    }),
    sanity: (o) => expectStatus(o.response, 400),
  },
  {
    id: 'D26',
    title: 'unknown scope',
    phase: 'main',
    run: async ({ t, users }) => ({
      response: http(t, await token(t, passwordForm(users.alice, { scope: 'profile foo' }), webHeaders(t))),
    }),
    sanity: (o) => expectStatus(o.response, 400),
  },
  {
    id: 'D26b',
    title:
      'scopes of the realm the web client does not have (phone, address, microprofile-jwt), default scopes by name',
    phase: 'main',
    run: async ({ t, users }) => {
      const withScope = async (scope: string) => {
        const response = await grant(t, passwordForm(users.alice, { scope }));
        return response.status === 200
          ? { status: 200, scope: scopeSet(response.json?.scope) }
          : outcome(response);
      };
      return {
        phone: await withScope('profile email phone'),
        address: await withScope('address'),
        microprofile: await withScope('microprofile-jwt'),
        defaultScopesByName: await withScope('roles web-origins basic acr'),
      };
    },
    sanity: (o) => expectStatus(o.defaultScopesByName, 200),
  },
  {
    id: 'D27',
    title: 'a parameter repeated',
    phase: 'main',
    run: async ({ t, users }) => {
      const form = `${new URLSearchParams(passwordForm(users.alice)).toString()}&scope=profile`;
      return { response: http(t, await token(t, form, webHeaders(t))) };
    },
    sanity: (o) => expectStatus(o.response, 400),
  },
  {
    id: 'D28',
    title: 'offline_access through a client limited to its scope (fullScopeAllowed off): roles in the tokens',
    phase: 'main',
    run: async ({ t, users }) => {
      const signInThrough = async (scope: string) => {
        const response = await grant(t, passwordForm(users.dave, { client_id: 'nooffline', scope }), {
          origin: t.testClientOrigin,
        });
        return {
          response: http(t, response),
          ...(response.status === 200
            ? {
                claims: claims(t, String(response.json?.access_token), {
                  user: users.dave,
                  sessionState: response.json?.session_state,
                }),
              }
            : {}),
        };
      };
      return { offline: await signInThrough(identityScope), online: await signInThrough(onlineScope) };
    },
    sanity: (o) => expectStatus((o.online as Observation).response, 200),
  },
  {
    id: 'D29',
    title:
      'brute force: five failures > 1 s apart lock; the right password is then refused alike; setPassword unlocks',
    phase: 'main',
    run: async ({ t, user }) => {
      const erin = await user('erin');
      const failures: Json[] = [];
      const texts = new Set<string>();
      for (let attempt = 1; attempt <= 5; attempt++) {
        await t.wait(1.1);
        const response = await token(t, passwordForm(erin, { password: 'wrong' }));
        failures.push(response.status);
        texts.add(response.text);
      }
      await t.settle();
      const locked = await token(t, passwordForm(erin));
      texts.add(locked.text);
      const newPassword = 'Another-Passw0rd!';
      const unlock = await adapterOutcome(() => t.admin.setPassword(erin.id, newPassword));
      const after = await grant(t, passwordForm(erin, { password: newPassword }));
      return {
        failures,
        lockedRightPassword: outcome(locked),
        answersIdentical: texts.size === 1,
        setPassword: unlock,
        afterSetPassword: outcome(after),
      };
    },
    sanity: (o) => {
      expect(o.answersIdentical).toBe(true);
      expectStatus(o.afterSetPassword, 200);
    },
  },
  {
    id: 'D29q',
    title: 'brute force: two failures < 1 s apart lock (quick-login check)',
    phase: 'main',
    run: async ({ t, user }) => {
      const quinn = await user('quinn');
      await token(t, passwordForm(quinn, { password: 'wrong' }));
      await t.wait(0.3);
      await token(t, passwordForm(quinn, { password: 'wrong' }));
      await t.settle();
      return { rightPassword: outcome(await token(t, passwordForm(quinn))) };
    },
  },
  {
    id: 'D29c',
    title: 'brute force: four concurrent sign-ins of one user (concurrent logins are not allowed)',
    phase: 'main',
    run: async ({ t, user }) => {
      const tereza = await user('tereza');
      const results = await Promise.all([1, 2, 3, 4].map(() => token(t, passwordForm(tereza))));
      const refused = results.filter((result) => result.status !== 200);
      return {
        someSucceeded: results.some((result) => result.status === 200),
        someRefused: refused.length > 0,
        refusals: [...new Set(refused.map((result) => JSON.stringify(outcome(result))))].sort(),
      };
    },
    sanity: (o) => expect(o.someSucceeded).toBe(true),
  },
  {
    id: 'D30',
    title: 'GET/PUT on the token endpoint; a JSON body',
    phase: 'main',
    run: async ({ t, users }) => ({
      get: http(t, await t.request(t.tokenUrl)),
      put: http(t, await t.request(t.tokenUrl, { method: 'PUT' })),
      json: http(
        t,
        await t.request(t.tokenUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(passwordForm(users.alice)),
        }),
      ),
    }),
    sanity: (o) => expectStatus(o.get, 405),
  },

  // ------------------------------------------------------------------------------------------------
  // E. Refresh grant
  {
    id: 'E31',
    title: 'refresh of the app’s offline session (Origin web)',
    phase: 'main',
    run: async ({ t, users }) => {
      const login = await signIn(t, users.alice);
      const response = await refresh(t, login.refresh_token, 'web', webHeaders(t));
      const body = (response.json ?? {}) as Partial<TokenBody>;
      return {
        response: http(t, response),
        sameKeysAsLogin:
          JSON.stringify(Object.keys(body).sort()) === JSON.stringify(Object.keys(login).sort()),
        refresh_expires_in: (body.refresh_expires_in as Json) ?? null,
        expires_in: approx(body.expires_in, exported.accessTokenLifespan),
        newAccessJti: body.access_token
          ? decodeJwt(body.access_token).jti !== decodeJwt(login.access_token).jti
          : false,
        newRefreshToken: body.refresh_token !== undefined && body.refresh_token !== login.refresh_token,
        refreshTyp: body.refresh_token ? ((decodeJwt(body.refresh_token).typ as Json) ?? null) : null,
        sameSessionState: body.session_state === login.session_state,
        sameSid: body.access_token ? decodeJwt(body.access_token).sid === login.session_state : false,
        scope: scopeSet(body.scope),
      };
    },
    sanity: (o) => expectStatus(o.response, 200),
  },
  {
    id: 'E32',
    title: 'refresh of an online session',
    phase: 'main',
    run: async ({ t, users }) => {
      const login = await signIn(t, users.alice, { scope: onlineScope });
      const response = await refresh(t, login.refresh_token);
      return {
        response: outcome(response),
        refresh_expires_in: approx(response.json?.refresh_expires_in, exported.ssoSessionIdleTimeout),
        refreshTyp: response.json
          ? ((decodeJwt(String(response.json.refresh_token)).typ as Json) ?? null)
          : null,
        scope: scopeSet(response.json?.scope),
      };
    },
    sanity: (o) => expectStatus(o.response, 200),
  },
  {
    id: 'E33',
    title: 'rotation: reusing a refresh token, then the newest one, then a new sign-in',
    phase: 'main',
    run: async ({ t, users }) => {
      const sequence = async (scope: string) => {
        const login = await signIn(t, users.alice, { scope });
        const first = await refresh(t, login.refresh_token);
        const reused = await refresh(t, login.refresh_token, 'web', webHeaders(t));
        const newest = await refresh(t, String(first.json?.refresh_token));
        const again = await grant(t, passwordForm(users.alice, { scope }));
        return {
          first: outcome(first),
          reused: http(t, reused),
          newest: outcome(newest),
          newSignIn: outcome(again),
        };
      };
      return { offline: await sequence(identityScope), online: await sequence(onlineScope) };
    },
    sanity: (o) => expectStatus((o.offline as Observation).first, 200),
  },
  {
    id: 'E33c',
    title: 'rotation: two concurrent refreshes with one token',
    phase: 'main',
    run: async ({ t, users }) => {
      const login = await signIn(t, users.alice);
      const results = await Promise.all([refresh(t, login.refresh_token), refresh(t, login.refresh_token)]);
      return {
        outcomes: results
          .map((result) => `${result.status} ${String(result.json?.error_description ?? '')}`.trim())
          .sort(),
      };
    },
  },
  {
    id: 'E34',
    title: 'refresh_token missing, or empty',
    phase: 'main',
    run: async ({ t }) => ({
      missing: http(t, await token(t, { client_id: 'web', grant_type: 'refresh_token' }, webHeaders(t))),
      empty: outcome(await refresh(t, '')),
    }),
    sanity: (o) => expectStatus(o.missing, 400),
  },
  {
    id: 'E35',
    title: 'not a refresh token of this server: garbage, access token, ID token, other key, other server',
    phase: 'main',
    run: async ({ t, users, foreignAccessToken }) => {
      const login = await signIn(t, users.alice, { scope: `openid ${identityScope}` });
      const header = JSON.parse(
        Buffer.from(login.refresh_token.split('.')[0] ?? '', 'base64url').toString(),
      ) as Record<string, unknown>;
      const payload = decodeJwt(login.refresh_token);
      // Same header and claims, signed with a secret the server does not have.
      const otherKey = `${b64(header)}.${b64(payload)}.${base64url.encode(Buffer.alloc(64, 7))}`;
      return {
        garbage: http(t, await refresh(t, 'garbage', 'web', webHeaders(t))),
        accessToken: outcome(await refresh(t, login.access_token)),
        idToken: outcome(await refresh(t, login.id_token ?? '')),
        otherKey: outcome(await refresh(t, otherKey)),
        otherServer: outcome(await refresh(t, await foreignAccessToken())),
      };
    },
    sanity: (o) => expectStatus(o.garbage, 400),
  },
  {
    id: 'E37',
    title: 'refresh token of client other presented by web',
    phase: 'main',
    run: async ({ t, users }) => {
      const other = await signIn(t, users.alice, { clientId: 'other' });
      return { response: http(t, await refresh(t, other.refresh_token, 'web', webHeaders(t))) };
    },
    sanity: (o) => expectStatus(o.response, 400),
  },
  {
    id: 'E40',
    title: 'user disabled after sign-in (adapter updateUser): refresh, sign-in, re-enabled',
    phase: 'main',
    run: async ({ t, user }) => {
      const gina = await user('gina');
      const offline = await signIn(t, gina);
      const online = await signIn(t, gina, { scope: onlineScope });
      const disable = await adapterOutcome(() => t.admin.updateUser(gina.id, { enabled: false }));
      const observed = {
        disable,
        offlineRefresh: outcome(await refresh(t, offline.refresh_token)),
        onlineRefresh: outcome(await refresh(t, online.refresh_token)),
        signIn: outcome(await grant(t, passwordForm(gina))),
        accessTokenStillAccepted: (await verdict(t, offline.access_token, gina)).accepted as Json,
      };
      await t.admin.updateUser(gina.id, { enabled: true });
      return { ...observed, signInReEnabled: outcome(await grant(t, passwordForm(gina))) };
    },
    sanity: (o) => expectStatus(o.signInReEnabled, 200),
  },
  {
    id: 'E41',
    title: 'user deleted after sign-in (adapter deleteUser): refresh, sign-in, delete again',
    phase: 'main',
    run: async ({ t, user }) => {
      const hugo = await user('hugo');
      const offline = await signIn(t, hugo);
      const online = await signIn(t, hugo, { scope: onlineScope });
      return {
        delete: await adapterOutcome(() => t.admin.deleteUser(hugo.id)),
        offlineRefresh: outcome(await refresh(t, offline.refresh_token)),
        onlineRefresh: outcome(await refresh(t, online.refresh_token)),
        signIn: outcome(await token(t, passwordForm(hugo))),
        getUser: (await t.admin.getUser(hugo.id)) === undefined ? 'undefined' : 'found',
        deleteAgain: await adapterOutcome(() => t.admin.deleteUser(hugo.id)),
        logoutWithOfflineToken: outcome(await logout(t, offline.refresh_token)),
      };
    },
    sanity: (o) => expect(o.delete).toBe('ok'),
  },
  {
    id: 'E42',
    title: 'log out all sessions (adapter logoutAllSessions): refresh, access token, next sign-in',
    phase: 'main',
    run: async ({ t, user }) => {
      const ines = await user('ines');
      const offline = await signIn(t, ines);
      const online = await signIn(t, ines, { scope: onlineScope });
      // Keycloak compares a token's `iat` with the user's not-before in whole seconds.
      await t.wait(1.1);
      const before = t.nowSeconds();
      const result = await adapterOutcome(() => t.admin.logoutAllSessions(ines.id));
      const after = t.nowSeconds();
      const next = await grant(t, passwordForm(ines));
      const notBefore = next.json?.['not-before-policy'];
      return {
        logoutAllSessions: result,
        offlineRefresh: outcome(await refresh(t, offline.refresh_token)),
        onlineRefresh: outcome(await refresh(t, online.refresh_token)),
        accessTokenStillAccepted: (await verdict(t, offline.access_token, ines)).accepted as Json,
        nextSignIn: outcome(next),
        'not-before-policy':
          typeof notBefore === 'number' && notBefore >= before - 1 && notBefore <= after + 1
            ? 'time of the logout'
            : (notBefore as Json),
        nextRefresh: outcome(await refresh(t, String(next.json?.refresh_token))),
      };
    },
    sanity: (o) => expectStatus(o.nextSignIn, 200),
  },

  // ------------------------------------------------------------------------------------------------
  // F. Tokens as the API's verifier (platform/auth.ts) sees them
  {
    id: 'F44',
    title:
      'API verifier: access token accepted; refresh, ID, other-client, other-issuer, forged tokens refused',
    phase: 'main',
    run: async ({ t, users, foreignAccessToken }) => {
      const login = await signIn(t, users.alice, { scope: `openid ${identityScope}` });
      const other = await signIn(t, users.alice, { clientId: 'other' });
      const [encodedHeader, encodedPayload, signature] = login.access_token.split('.') as [
        string,
        string,
        string,
      ];
      const header = JSON.parse(Buffer.from(encodedHeader, 'base64url').toString()) as Record<
        string,
        unknown
      >;
      const payload = decodeJwt(login.access_token);
      const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
      const unknownKid = await new SignJWT(payload)
        .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: `unknown-${randomUUID()}` })
        .sign(stranger);
      const realKidOtherKey = await new SignJWT(payload)
        .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: String(header.kid) })
        .sign(stranger);
      return {
        accessToken: await verdict(t, login.access_token, users.alice),
        refreshToken: await verdict(t, login.refresh_token),
        idToken: await verdict(t, login.id_token ?? ''),
        otherClient: await verdict(t, other.access_token, users.alice),
        otherIssuer: await verdict(t, await foreignAccessToken()),
        algNone: await verdict(t, `${b64({ ...header, alg: 'none' })}.${encodedPayload}.`),
        hs256: await verdict(t, `${b64({ ...header, alg: 'HS256' })}.${encodedPayload}.${signature}`),
        unknownKid: await verdict(t, unknownKid),
        knownKidWrongKey: await verdict(t, realKidOtherKey),
        tamperedPayload: await verdict(
          t,
          `${encodedHeader}.${b64({ ...payload, sub: randomUUID() })}.${signature}`,
        ),
      };
    },
    sanity: (o) => expect((o.accessToken as Observation).accepted).toBe(true),
  },
  {
    id: 'F44exp',
    title: 'API verifier around exp: 9 s after exp accepted (skew), 11 s after refused',
    phase: 'main',
    run: async ({ t, users }) => {
      const login = await signIn(t, users.alice);
      const exp = decodeJwt(login.access_token).exp ?? 0;
      // Verified now, so the verifier remembers it: 9 s after exp comes from that memory, 11 s after
      // drops it and verifies again.
      await verdict(t, login.access_token);
      return {
        at9sAfterExp: await verdict(t, login.access_token, users.alice, exp + 9),
        at11sAfterExp: await verdict(t, login.access_token, users.alice, exp + 11),
      };
    },
    sanity: (o) => expect((o.at11sAfterExp as Observation).accepted).toBe(false),
  },

  // ------------------------------------------------------------------------------------------------
  // G. Logout with a refresh token
  {
    id: 'G46',
    title: 'logout of an online session (Origin web), refresh afterwards, logout again',
    phase: 'main',
    run: async ({ t, users }) => {
      const login = await signIn(t, users.alice, { scope: onlineScope });
      return {
        logout: http(t, await logout(t, login.refresh_token, 'web', webHeaders(t))),
        refresh: outcome(await refresh(t, login.refresh_token)),
        logoutAgain: http(t, await logout(t, login.refresh_token, 'web', webHeaders(t))),
        accessTokenStillAccepted: (await verdict(t, login.access_token, users.alice)).accepted as Json,
      };
    },
    sanity: (o) => expectStatus(o.logout, 204),
  },
  {
    id: 'G48',
    title: 'logout of the app’s offline session, refresh afterwards, logout again',
    phase: 'main',
    run: async ({ t, users }) => {
      const login = await signIn(t, users.alice);
      return {
        logout: outcome(await logout(t, login.refresh_token, 'web', webHeaders(t))),
        refresh: outcome(await refresh(t, login.refresh_token)),
        logoutAgain: outcome(await logout(t, login.refresh_token)),
      };
    },
    sanity: (o) => expectStatus(o.logout, 204),
  },
  {
    id: 'G51',
    title: 'logout errors: garbage, other client’s token, unknown client, empty token, no client_id',
    phase: 'main',
    run: async ({ t, users }) => {
      const other = await signIn(t, users.alice, { clientId: 'other' });
      const mine = await signIn(t, users.alice);
      return {
        garbage: http(t, await logout(t, 'garbage', 'web', webHeaders(t))),
        otherClient: http(t, await logout(t, other.refresh_token, 'web', webHeaders(t))),
        unknownClient: http(t, await logout(t, mine.refresh_token, 'unknown', webHeaders(t))),
        empty: outcome(await logout(t, '')),
        noClientId: http(t, await t.post(t.logoutUrl, { refresh_token: mine.refresh_token }, webHeaders(t))),
        stillSignedIn: outcome(await refresh(t, mine.refresh_token)),
      };
    },
    sanity: (o) => expectStatus(o.garbage, 400),
  },
  {
    id: 'G55',
    title: 'logout without a refresh_token parameter',
    phase: 'main',
    run: async ({ t }) => ({
      response: http(t, await t.post(t.logoutUrl, { client_id: 'web' }, webHeaders(t))),
    }),
  },
  {
    id: 'G57',
    title: 'logout of one of two sessions leaves the other working',
    phase: 'main',
    run: async ({ t, users }) => {
      const first = await signIn(t, users.alice);
      const second = await signIn(t, users.alice);
      await logout(t, first.refresh_token);
      return {
        first: outcome(await refresh(t, first.refresh_token)),
        second: outcome(await refresh(t, second.refresh_token)),
      };
    },
    sanity: (o) => expectStatus(o.second, 200),
  },

  // ------------------------------------------------------------------------------------------------
  // X. CORS of the token and logout endpoints (Keycloak ≥ 26.6.3 refuses a disallowed Origin with 403)
  {
    id: 'X1',
    title: 'preflights of token and logout, allowed and evil origin',
    phase: 'main',
    run: async ({ t }) => {
      const preflight = async (url: string, origin: string) =>
        http(
          t,
          await t.request(url, {
            method: 'OPTIONS',
            headers: {
              origin,
              'access-control-request-method': 'POST',
              'access-control-request-headers': 'content-type',
            },
          }),
        );
      return {
        tokenWeb: await preflight(t.tokenUrl, t.webOrigin),
        tokenEvil: await preflight(t.tokenUrl, evilOrigin),
        logoutWeb: await preflight(t.logoutUrl, t.webOrigin),
        logoutEvil: await preflight(t.logoutUrl, evilOrigin),
      };
    },
    sanity: (o) => expectStatus(o.tokenWeb, 200),
  },
  {
    id: 'X2',
    title: 'token request from an evil origin: right password, wrong password, refresh (and no side effect)',
    phase: 'main',
    run: async ({ t, users }) => {
      const login = await signIn(t, users.alice);
      const evil = { origin: evilOrigin };
      return {
        password: http(t, await token(t, passwordForm(users.alice), evil)),
        wrongPassword: outcome(await token(t, passwordForm(users.victor, { password: 'wrong' }), evil)),
        refresh: http(t, await refresh(t, login.refresh_token, 'web', evil)),
        refreshTokenStillWorks: outcome(await refresh(t, login.refresh_token, 'web', webHeaders(t))),
      };
    },
  },
  {
    id: 'X3',
    title: 'token request from an evil origin before the client is known: unknown client, no grant_type',
    phase: 'main',
    run: async ({ t, users }) => ({
      unknownClient: http(
        t,
        await token(t, passwordForm(users.alice, { client_id: 'unknown' }), { origin: evilOrigin }),
      ),
      noGrantType: http(
        t,
        await token(t, passwordForm(users.alice, { grant_type: undefined }), { origin: evilOrigin }),
      ),
    }),
  },
  {
    id: 'X4',
    title: 'token request of a test client from the web origin (not among that client’s origins)',
    phase: 'main',
    run: async ({ t, users }) => ({
      response: http(t, await token(t, passwordForm(users.alice, { client_id: 'other' }), webHeaders(t))),
    }),
  },
  {
    id: 'X5',
    title: 'logout from an evil origin (and the session survives)',
    phase: 'main',
    run: async ({ t, users }) => {
      const login = await signIn(t, users.alice);
      return {
        logout: http(
          t,
          await t.post(
            t.logoutUrl,
            { client_id: 'web', refresh_token: login.refresh_token },
            { origin: evilOrigin },
          ),
        ),
        refreshAfterwards: outcome(await refresh(t, login.refresh_token)),
      };
    },
  },
  {
    id: 'X6',
    title: 'token request without Origin (the API’s own server-side calls): no CORS headers',
    phase: 'main',
    run: async ({ t, users }) => ({ response: http(t, await grant(t, passwordForm(users.alice))) }),
    sanity: (o) => expectStatus(o.response, 200),
  },

  // ------------------------------------------------------------------------------------------------
  // M. The admin operations of platform/identity-admin.ts, observed through the token endpoint
  {
    id: 'M0',
    title:
      'the API’s service account: client_credentials of opora-api; wrong secret (evil origin); public client',
    phase: 'main',
    run: async ({ t }) => {
      const secret = t.apiConfig.identityAdmin.clientSecret;
      const response = await token(t, {
        client_id: 'opora-api',
        client_secret: secret,
        grant_type: 'client_credentials',
      });
      return {
        response: http(t, response),
        claims:
          response.status === 200
            ? claims(t, String(response.json?.access_token), { now: t.nowSeconds() })
            : null,
        wrongSecret: http(
          t,
          await token(
            t,
            {
              client_id: 'opora-api',
              client_secret: 'not-the-secret-0123456789',
              grant_type: 'client_credentials',
            },
            { origin: evilOrigin },
          ),
        ),
        publicClient: outcome(await token(t, { client_id: 'web', grant_type: 'client_credentials' })),
      };
    },
    sanity: (o) => expectStatus(o.response, 200),
  },
  {
    id: 'M1',
    title: 'adapter createUser (mixed-case e-mail, role assistant), sign-in, same e-mail again',
    phase: 'main',
    run: async ({ t }) => {
      const email = `Jana-${randomUUID().slice(0, 8)}@Example.TEST`;
      const created = await t.admin.createUser({
        email,
        firstName: 'Jana',
        lastName: 'Nováková',
        password: 'Created-Passw0rd!',
        emailVerified: false,
        realmRoles: ['assistant'],
      });
      const jana: FixtureUser = {
        key: 'jana',
        id: created.id,
        email: email.toLowerCase(),
        password: 'Created-Passw0rd!',
      };
      const response = await grant(t, passwordForm(jana));
      return {
        signIn: outcome(response),
        claims:
          response.status === 200
            ? claims(t, String(response.json?.access_token), {
                user: jana,
                sessionState: response.json?.session_state,
                now: t.nowSeconds(),
              })
            : null,
        verifier:
          response.status === 200 ? await verdict(t, String(response.json?.access_token), jana) : null,
        createAgain: await adapterOutcome(() =>
          t.admin.createUser({
            email: email.toUpperCase(),
            firstName: 'J',
            lastName: 'N',
            password: 'Created-Passw0rd!',
            emailVerified: true,
          }),
        ),
      };
    },
    sanity: (o) => expectStatus(o.signIn, 200),
  },
  {
    id: 'M2',
    title: 'adapter findUserByEmail (other letter case, unknown) and getUser (known, unknown id)',
    phase: 'main',
    run: async ({ t, users }) => {
      // The adapter's IdentityUser, field by field: ids and times as relations or types.
      const normalise = (found: Awaited<ReturnType<typeof t.admin.getUser>>): Json => {
        if (found === undefined) return 'undefined';
        const fields: Observation = {};
        for (const [name, value] of Object.entries(found) as [string, unknown][]) {
          if (name === 'id') fields.id = value === users.alice.id ? '<user.id>' : jsonType(value);
          else if (name === 'email')
            fields.email = value === users.alice.email ? '<user.email>' : String(value);
          else if (value instanceof Date)
            fields[name] = Math.abs(value.getTime() / 1000 - t.nowSeconds()) < 600 ? 'Date ≈ now' : 'Date';
          else fields[name] = value === undefined ? null : (value as Json);
        }
        return fields;
      };
      return {
        byEmail: normalise(await t.admin.findUserByEmail(users.alice.email.toUpperCase())),
        byUnknownEmail: normalise(await t.admin.findUserByEmail(`nobody-${randomUUID()}@example.test`)),
        byId: normalise(await t.admin.getUser(users.alice.id)),
        byUnknownId: normalise(await t.admin.getUser(randomUUID())),
      };
    },
    sanity: (o) => expect(o.byId).toMatchObject({ id: '<user.id>' }),
  },
  {
    id: 'M3',
    title: 'adapter updateUser (names, e-mail, emailVerified): sign-in with old and new e-mail, claims',
    phase: 'main',
    run: async ({ t, user }) => {
      const jonas = await user('jonas');
      const newEmail = `Jonas-New-${randomUUID().slice(0, 8)}@Example.test`;
      const update = await adapterOutcome(() =>
        t.admin.updateUser(jonas.id, {
          firstName: 'Jonáš',
          lastName: 'Nový',
          email: newEmail,
          emailVerified: false,
        }),
      );
      const renamed: FixtureUser = { ...jonas, email: newEmail.toLowerCase() };
      const response = await grant(t, passwordForm(renamed));
      return {
        update,
        oldEmail: outcome(await token(t, passwordForm(jonas))),
        newEmail: outcome(response),
        claims:
          response.status === 200 ? claims(t, String(response.json?.access_token), { user: renamed }) : null,
        found: (await t.admin.getUser(jonas.id))?.email === renamed.email,
      };
    },
    sanity: (o) => expectStatus(o.newEmail, 200),
  },
  {
    id: 'M4',
    title: 'adapter setPassword (old and new password) and password-policy / profile errors',
    phase: 'main',
    run: async ({ t, user }) => {
      const karel = await user('karel');
      const set = await adapterOutcome(() => t.admin.setPassword(karel.id, 'Changed-Passw0rd!'));
      return {
        setPassword: set,
        oldPassword: outcome(await token(t, passwordForm(karel))),
        newPassword: outcome(await grant(t, passwordForm(karel, { password: 'Changed-Passw0rd!' }))),
        tooShort: await adapterOutcome(() => t.admin.setPassword(karel.id, 'short')),
        createTooShort: await adapterOutcome(() =>
          t.admin.createUser({
            email: `short-${randomUUID().slice(0, 8)}@example.test`,
            firstName: 'S',
            lastName: 'P',
            password: 'short',
            emailVerified: true,
          }),
        ),
        createBadName: await adapterOutcome(() =>
          t.admin.createUser({
            email: `bad-${randomUUID().slice(0, 8)}@example.test`,
            firstName: 'Bad<Name>',
            lastName: 'P',
            password: 'Long-Enough-1',
            emailVerified: true,
          }),
        ),
        setPasswordUnknownUser: await adapterOutcome(() =>
          t.admin.setPassword(randomUUID(), 'Changed-Passw0rd!'),
        ),
      };
    },
    sanity: (o) => expectStatus(o.newPassword, 200),
  },
  {
    id: 'M5',
    title: 'adapter verifyPassword (right, wrong) and the session it leaves',
    phase: 'main',
    run: async ({ t, user }) => {
      const lenka = await user('lenka');
      return {
        right: await rightPasswordVerified(t, lenka),
        wrong: await t.admin.verifyPassword(lenka.email, 'wrong'),
        unknown: await t.admin.verifyPassword(`nobody-${randomUUID()}@example.test`, 'x'),
      };
    },
    sanity: (o) => expect(o.right).toBe(true),
  },
  {
    id: 'M6',
    title: 'adapter listUsersWithRealmRole (assistant: enabled, disabled, not one; unknown role)',
    phase: 'main',
    run: async ({ t, user }) => {
      const mirka = await user('mirka', { realmRoles: ['assistant'] });
      const nela = await user('nela', { realmRoles: ['assistant'], enabled: false });
      const oto = await user('oto');
      const listed = await t.admin.listUsersWithRealmRole('assistant');
      // Others' assistants (earlier checks, earlier runs) are in the list too: only these three are told.
      const seen = (id: string): Json => {
        const found = listed.find((each) => each.id === id);
        return found ? { enabled: found.enabled, firstName: found.firstName ?? null } : 'absent';
      };
      const emails = listed.map((each) => each.email);
      return {
        mirka: seen(mirka.id),
        nela: seen(nela.id),
        oto: seen(oto.id),
        byUsername: emails.every((email, index) => index === 0 || (emails[index - 1] ?? '') <= email),
        unknownRole: await t.admin.listUsersWithRealmRole('superuser').then(
          (found): Json => found.length,
          (error: Error): Json => error.name,
        ),
      };
    },
    sanity: (o) => expect(o.mirka).toMatchObject({ enabled: true }),
  },

  // ------------------------------------------------------------------------------------------------
  // L. Lifetimes (the realm export's: access 300 s, SSO idle 1800 s, offline without expiry)
  {
    id: 'L1',
    title: 'lifetimes: expires_in, exp−iat, refresh_expires_in, refresh exp−iat, not-before-policy',
    phase: 'main',
    run: async ({ t, users }) => {
      const offline = await signIn(t, users.alice);
      const online = await signIn(t, users.alice, { scope: onlineScope });
      const access = decodeJwt(offline.access_token);
      const onlineRefresh = decodeJwt(online.refresh_token);
      return {
        expires_in: approx(offline.expires_in, exported.accessTokenLifespan),
        'access exp−iat': (access.exp ?? 0) - (access.iat ?? 0),
        'offline refresh_expires_in': offline.refresh_expires_in,
        'offline refresh exp': jsonType(decodeJwt(offline.refresh_token).exp),
        'online refresh_expires_in': approx(online.refresh_expires_in, exported.ssoSessionIdleTimeout),
        'online refresh exp−iat': (onlineRefresh.exp ?? 0) - (onlineRefresh.iat ?? 0),
        'not-before-policy': offline['not-before-policy'],
      };
    },
  },

  // ------------------------------------------------------------------------------------------------
  // S. With short realm lifetimes on both servers (idle 6 s, max 14 s, lockout 5 s), in real time on
  // Keycloak. The embedded issuer's longer wall-clock behaviour (1800 s, 60 s lockout, 30-day offline
  // idle) stays with its conformance suites, which move its test clock.
  {
    id: 'S1',
    title: 'online refresh token after the idle timeout: refresh, then logout with it',
    phase: 'short',
    run: async ({ t, user }) => {
      const olga = await user('olga');
      const login = await signIn(t, olga, { scope: onlineScope });
      await t.wait(shortLifetimes.ssoSessionIdleTimeout + 1.5);
      return {
        refresh_expires_in: approx(login.refresh_expires_in, shortLifetimes.ssoSessionIdleTimeout),
        refresh: outcome(await refresh(t, login.refresh_token)),
        logout: outcome(await logout(t, login.refresh_token)),
        offlineStillWorks: outcome(await refresh(t, (await signIn(t, olga)).refresh_token)),
      };
    },
    sanity: (o) => expectStatus(o.refresh, 400),
  },
  {
    id: 'S2',
    title:
      'online session up to its maximum lifespan: refresh_expires_in and expires_in shrink, then refused',
    phase: 'short',
    // Refreshes every 4 s (well within the 6 s idle timeout: Keycloak keeps session times in whole
    // seconds, so its idle window can be almost a second shorter), then one after the 14 s maximum.
    run: async ({ t, user }) => {
      const petr = await user('petr');
      const max = shortLifetimes.ssoSessionMaxLifespan;
      const idle = shortLifetimes.ssoSessionIdleTimeout;
      const lifetimes = (body: Record<string, unknown> | undefined, elapsed: number) => ({
        expires_in: approx(body?.expires_in, Math.min(exported.accessTokenLifespan, max - elapsed)),
        refresh_expires_in: approx(body?.refresh_expires_in, Math.min(idle, max - elapsed)),
      });
      const login = await signIn(t, petr, { scope: onlineScope });
      const observed: Observation = { atStart: lifetimes(login as unknown as Record<string, unknown>, 0) };
      let refreshToken = login.refresh_token;
      for (const elapsed of [4, 8, 12]) {
        await t.wait(4);
        const response = await refresh(t, refreshToken);
        observed[`after${elapsed}s`] = { ...outcome(response), ...lifetimes(response.json, elapsed) };
        refreshToken = String(response.json?.refresh_token);
      }
      await t.wait(max - 12 + 1);
      observed.afterMax = outcome(await refresh(t, refreshToken));
      return observed;
    },
    sanity: (o) => {
      expectStatus(o.after12s, 200);
      expectStatus(o.afterMax, 400);
    },
  },
  {
    id: 'S3',
    title: 'logout with an expired refresh token of a live session ends the session',
    phase: 'short',
    run: async ({ t, user }) => {
      const radek = await user('radek');
      const login = await signIn(t, radek, { scope: onlineScope });
      await t.wait(4);
      const next = await refresh(t, login.refresh_token);
      // The first refresh token expired (6 s), the session lives on (refreshed 3 s ago).
      await t.wait(3);
      return {
        refreshed: outcome(next),
        expiredTokenRefresh: outcome(await refresh(t, login.refresh_token)),
        logoutWithExpired: outcome(await logout(t, login.refresh_token)),
        newestAfterLogout: outcome(await refresh(t, String(next.json?.refresh_token))),
      };
    },
    sanity: (o) => expectStatus(o.refreshed, 200),
  },
  {
    id: 'S4',
    title:
      'brute force in time: the lockout ends after waitIncrementSeconds, failures while locked do not count, success resets',
    phase: 'short',
    run: async ({ t, user }) => {
      const sara = await user('sara');
      const wrong = () => token(t, passwordForm(sara, { password: 'wrong' }));
      for (let attempt = 1; attempt <= 5; attempt++) {
        await t.wait(1.1);
        await wrong();
      }
      await t.settle();
      const locked = outcome(await token(t, passwordForm(sara)));
      await t.wait(1.5);
      await wrong(); // while locked: neither counted nor extending the lock
      await t.settle();
      await t.wait(shortLifetimes.waitIncrementSeconds - 2.3 + 1);
      const afterLockout = outcome(await token(t, passwordForm(sara)));
      for (let attempt = 1; attempt <= 4; attempt++) {
        await t.wait(1.1);
        await wrong();
      }
      await t.wait(1.1);
      return { locked, afterLockout, afterFourNewFailures: outcome(await grant(t, passwordForm(sara))) };
    },
    sanity: (o) => expect((o.locked as Observation).status).not.toBe(200),
  },
];

export const sharedUserKeys = Object.keys(sharedUserSpecs) as (keyof SharedUsers)[];
