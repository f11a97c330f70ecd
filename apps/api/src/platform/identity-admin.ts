import KeycloakAdminClient, { NetworkError } from '@keycloak/keycloak-admin-client';
import type UserRepresentation from '@keycloak/keycloak-admin-client/lib/defs/userRepresentation.js';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { Config } from './config.ts';
import { ServiceUnavailableError } from './errors.ts';

/**
 * The API's one way to manage identity accounts: Keycloak's Admin REST API through
 * `@keycloak/keycloak-admin-client`, authenticated as the `opora-api` service account. The embedded
 * issuer serves the same subset of that API, so this adapter is identical in development, tests and
 * production; only `IDENTITY_URL` (and `IDENTITY_INTERNAL_URL` inside a container network) changes.
 */
export interface IdentityAdmin {
  /** Creates an enabled user with a permanent password; throws `IdentityConflictError` for a taken e-mail. */
  createUser(user: NewIdentityUser): Promise<{ id: string }>;
  findUserByEmail(email: string): Promise<IdentityUser | undefined>;
  getUser(id: string): Promise<IdentityUser | undefined>;
  updateUser(id: string, changes: IdentityUserChanges): Promise<void>;
  /** Sets a permanent password and lifts a brute-force lockout (whoever may set it proved who they are). */
  setPassword(id: string, password: string): Promise<void>;
  /** Idempotent: an account that is already gone counts as deleted. */
  deleteUser(id: string): Promise<void>;
  /** Ends every session: refresh tokens stop working; access tokens already issued live until they expire. */
  logoutAllSessions(id: string): Promise<void>;
  /** Whether the password is the user's current one (a password grant of the public client). */
  verifyPassword(email: string, password: string): Promise<boolean>;
  /** The accounts a realm role is mapped to directly (e.g. `assistant`), by username; none for an unknown role. */
  listUsersWithRealmRole(role: string): Promise<IdentityUser[]>;
}

export interface IdentityUser {
  id: string;
  email: string;
  firstName: string | undefined;
  lastName: string | undefined;
  emailVerified: boolean;
  enabled: boolean;
  /** When the identity server created the account (Keycloak's `createdTimestamp`), when it says. */
  createdAt: Date | undefined;
}

export interface NewIdentityUser {
  email: string;
  /** Keycloak refuses the password grant ("Account is not fully set up") without first and last name. */
  firstName: string;
  lastName: string;
  password: string;
  emailVerified: boolean;
  /** Realm roles beyond the realm's default role (`client`). */
  realmRoles?: string[];
}

export interface IdentityUserChanges {
  firstName?: string;
  lastName?: string;
  email?: string;
  emailVerified?: boolean;
  enabled?: boolean;
}

/** The e-mail address (the username) belongs to another account. */
export class IdentityConflictError extends Error {
  constructor(
    message = 'An account with this e-mail address exists already.',
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'IdentityConflictError';
  }
}

/** The identity server's password policy refused the password; `policy` is its message key. */
export class IdentityPasswordPolicyError extends Error {
  readonly policy: string;

  constructor(policy: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'IdentityPasswordPolicyError';
    this.policy = policy;
  }
}

/**
 * The identity server's user profile refused an attribute, e.g. Keycloak's
 * `error-person-name-invalid-character` for a name containing `<>&"$%!#?§;*~/\|^=[]{}()`.
 */
export class IdentityProfileError extends Error {
  readonly fields: { field: string; errorMessage: string }[];

  constructor(fields: { field: string; errorMessage: string }[], options?: { cause?: unknown }) {
    super(
      `The identity server refused ${fields.map((entry) => `${entry.field} (${entry.errorMessage})`).join(', ')}`,
      options,
    );
    this.name = 'IdentityProfileError';
    this.fields = fields;
  }
}

/** The account does not exist (any more). */
export class IdentityUserNotFoundError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('The identity account does not exist.', options);
    this.name = 'IdentityUserNotFoundError';
  }
}

/**
 * The identity server is unreachable, failing, or refuses our service account (a deployment mistake).
 * Answered as 503 when nobody handles it; the cause is logged, never shown.
 */
export class IdentityUnavailableError extends ServiceUnavailableError {
  constructor(detail: string, options?: { cause?: unknown }) {
    super(`The identity server is unavailable: ${detail}`, options);
    this.name = 'IdentityUnavailableError';
  }
}

type IdentityAdminConfig = Pick<Config, 'identity' | 'identityAdmin'>;

export interface IdentityAdminOptions {
  /** Per request, including the service-account token request; default 10 s. */
  timeoutMs?: number;
}

/** Members of a realm role read at a time. */
const roleMembersPageSize = 100;

/** Renew the service-account token this long before it expires (at most half its lifetime). */
const renewalMarginSeconds = 30;

const TokenResponseSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().int().positive(),
});

const OAuthErrorSchema = z.object({ error: z.string() });
const AdminErrorSchema = z.object({ errorMessage: z.string() });
const PolicyErrorSchema = z.object({ error: z.string(), error_description: z.string().optional() });
const ProfileErrorSchema = z.object({ field: z.string(), errorMessage: z.string() });
const ProfileErrorsSchema = z.union([
  ProfileErrorSchema.transform((error) => [error]),
  z.object({ errors: z.array(ProfileErrorSchema).min(1) }).transform(({ errors }) => errors),
]);

const passwordPolicyPrefix = 'invalidPassword';

function statusOf(error: unknown): number | undefined {
  return error instanceof NetworkError ? error.response.status : undefined;
}

/** Maps an admin-client failure to our typed errors; anything unexpected is passed through. */
function identityErrorOf(error: unknown, operation: string): unknown {
  if (!(error instanceof NetworkError)) {
    // fetch rejects with TypeError (refused, DNS, TLS) or a DOMException on timeout.
    if (error instanceof TypeError || (error instanceof Error && error.name === 'TimeoutError')) {
      return new IdentityUnavailableError(`${operation}: no answer`, { cause: error });
    }
    return error;
  }
  const status = error.response.status;
  const data = error.responseData;
  if (status === 409) {
    const parsed = AdminErrorSchema.safeParse(data);
    return new IdentityConflictError(parsed.success ? parsed.data.errorMessage : undefined, { cause: error });
  }
  if (status === 400) {
    const policy = PolicyErrorSchema.safeParse(data);
    if (policy.success && policy.data.error.startsWith(passwordPolicyPrefix)) {
      return new IdentityPasswordPolicyError(
        policy.data.error,
        policy.data.error_description ?? policy.data.error,
        {
          cause: error,
        },
      );
    }
    const profile = ProfileErrorsSchema.safeParse(data);
    if (profile.success) {
      return new IdentityProfileError(
        profile.data.map(({ field, errorMessage }) => ({ field, errorMessage })),
        { cause: error },
      );
    }
    // Older Keycloak: {"errorMessage": "Password policy not met"}.
    const admin = AdminErrorSchema.safeParse(data);
    if (admin.success && /password policy/i.test(admin.data.errorMessage)) {
      return new IdentityPasswordPolicyError(passwordPolicyPrefix, admin.data.errorMessage, { cause: error });
    }
  }
  if (status === 404) return new IdentityUserNotFoundError({ cause: error });
  if (status === 401 || status === 403) {
    return new IdentityUnavailableError(`${operation}: the service account was refused (${status})`, {
      cause: error,
    });
  }
  if (status >= 500) return new IdentityUnavailableError(`${operation}: status ${status}`, { cause: error });
  return new Error(`Identity admin ${operation} failed with status ${status}`, { cause: error });
}

function toIdentityUser(user: UserRepresentation): IdentityUser | undefined {
  if (!user.id || !user.email) return undefined;
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName || undefined,
    lastName: user.lastName || undefined,
    emailVerified: user.emailVerified === true,
    enabled: user.enabled !== false,
    createdAt: typeof user.createdTimestamp === 'number' ? new Date(user.createdTimestamp) : undefined,
  };
}

/**
 * The service-account access token (`client_credentials`), cached and renewed before it expires. One
 * request is in flight at a time however many calls need a token at once.
 */
function serviceAccountTokens(config: IdentityAdminConfig, timeoutMs: number) {
  const tokenUrl = `${config.identity.internalUrl}/realms/${encodeURIComponent(config.identity.realm)}/protocol/openid-connect/token`;
  let cached: { value: string; renewAt: number } | undefined;
  let pending: Promise<string> | undefined;

  async function request(): Promise<string> {
    let response: Response;
    try {
      response = await fetch(tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: config.identityAdmin.clientId,
          client_secret: config.identityAdmin.clientSecret,
        }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new IdentityUnavailableError('service-account token: no answer', { cause: error });
    }
    const body: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      const oauth = OAuthErrorSchema.safeParse(body);
      throw new IdentityUnavailableError(
        `service-account token refused (${response.status}${oauth.success ? ` ${oauth.data.error}` : ''})`,
      );
    }
    const token = TokenResponseSchema.safeParse(body);
    if (!token.success) throw new IdentityUnavailableError('service-account token: unexpected answer');
    const margin = Math.min(renewalMarginSeconds, token.data.expires_in / 2);
    cached = {
      value: token.data.access_token,
      renewAt: Date.now() + (token.data.expires_in - margin) * 1000,
    };
    return cached.value;
  }

  return {
    get(): Promise<string> {
      if (cached && Date.now() < cached.renewAt) return Promise.resolve(cached.value);
      pending ??= request().finally(() => {
        pending = undefined;
      });
      return pending;
    },
    /** After a 401: the token was revoked or the server's keys changed. */
    discard(token: string): void {
      if (cached?.value === token) cached = undefined;
    },
  };
}

export function createIdentityAdmin(
  config: IdentityAdminConfig,
  options: IdentityAdminOptions = {},
): IdentityAdmin {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const tokens = serviceAccountTokens(config, timeoutMs);
  const realm = config.identity.realm;
  const oidcBase = `${config.identity.internalUrl}/realms/${encodeURIComponent(realm)}/protocol/openid-connect`;

  /**
   * One admin client per token: the library reads the token through `getAccessToken()` before every
   * request, so a token provider that returns the cached one keeps the client stateless.
   */
  async function call<T>(operation: string, run: (client: KeycloakAdminClient) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const token = await tokens.get();
      const client = new KeycloakAdminClient({
        baseUrl: config.identity.internalUrl,
        realmName: realm,
        timeout: timeoutMs,
      });
      client.registerTokenProvider({ getAccessToken: async () => token });
      try {
        return await run(client);
      } catch (error) {
        if (statusOf(error) === 401 && attempt === 1) {
          tokens.discard(token);
          continue;
        }
        throw identityErrorOf(error, operation);
      }
    }
  }

  async function assignRealmRoles(id: string, roleNames: string[]): Promise<void> {
    if (roleNames.length === 0) return;
    await call('assign realm roles', async (client) => {
      const roles = [];
      for (const name of new Set(roleNames)) {
        const role = await client.roles.findOneByName({ name });
        if (!role?.id || !role.name) throw new Error(`Realm role ${name} does not exist`);
        roles.push({ id: role.id, name: role.name });
      }
      await client.users.addRealmRoleMappings({ id, roles });
    });
  }

  async function endSession(refreshToken: string): Promise<void> {
    // Best effort: a session left behind expires by itself within the idle timeout.
    await fetch(`${oidcBase}/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: 'web', refresh_token: refreshToken }),
      signal: AbortSignal.timeout(timeoutMs),
    })
      .then((response) => response.body?.cancel())
      .catch(() => undefined);
  }

  return {
    async createUser(user) {
      const email = user.email.toLowerCase();
      const { id } = await call('create user', (client) =>
        client.users.create({
          username: email,
          email,
          firstName: user.firstName,
          lastName: user.lastName,
          enabled: true,
          emailVerified: user.emailVerified,
          credentials: [{ type: 'password', value: user.password, temporary: false }],
        }),
      );
      try {
        await assignRealmRoles(id, user.realmRoles ?? []);
      } catch (error) {
        // No half-made accounts: a user without the roles asked for is removed again.
        await call('delete user', (client) => client.users.del({ id })).catch(() => undefined);
        throw error;
      }
      return { id };
    },

    async findUserByEmail(email) {
      const users = await call('find user', (client) =>
        client.users.find({ email: email.toLowerCase(), exact: true, briefRepresentation: true }),
      );
      const match = users.find((user) => user.email?.toLowerCase() === email.toLowerCase());
      return match && toIdentityUser(match);
    },

    async getUser(id) {
      try {
        const user = await call('get user', (client) => client.users.findOne({ id }));
        return user ? toIdentityUser(user) : undefined;
      } catch (error) {
        if (error instanceof IdentityUserNotFoundError) return undefined;
        throw error;
      }
    },

    async updateUser(id, changes) {
      const representation: UserRepresentation = {};
      if (changes.firstName !== undefined) representation.firstName = changes.firstName;
      if (changes.lastName !== undefined) representation.lastName = changes.lastName;
      if (changes.email !== undefined) representation.email = changes.email.toLowerCase();
      if (changes.emailVerified !== undefined) representation.emailVerified = changes.emailVerified;
      if (changes.enabled !== undefined) representation.enabled = changes.enabled;
      await call('update user', (client) => client.users.update({ id }, representation));
    },

    async setPassword(id, password) {
      await call('set password', async (client) => {
        await client.users.resetPassword({
          id,
          credential: { type: 'password', value: password, temporary: false },
        });
        await client.attackDetection.del({ id });
      });
    },

    async deleteUser(id) {
      try {
        await call('delete user', (client) => client.users.del({ id }));
      } catch (error) {
        if (!(error instanceof IdentityUserNotFoundError)) throw error;
      }
    },

    async logoutAllSessions(id) {
      await call('log out user', (client) => client.users.logout({ id }));
    },

    async listUsersWithRealmRole(role) {
      const found: IdentityUser[] = [];
      // Keycloak pages the role's members (100 by default); staff are few, so a page or two.
      for (let first = 0; ; first += roleMembersPageSize) {
        const page = await call('list role members', (client) =>
          client.roles.findUsersWithRole({
            name: role,
            first,
            max: roleMembersPageSize,
            briefRepresentation: true,
          }),
        );
        for (const user of page ?? []) {
          const identityUser = toIdentityUser(user);
          if (identityUser) found.push(identityUser);
        }
        if (!page || page.length < roleMembersPageSize) return found;
      }
    },

    async verifyPassword(email, password) {
      let response: Response;
      try {
        response = await fetch(`${oidcBase}/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: new URLSearchParams({ grant_type: 'password', client_id: 'web', username: email, password }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new IdentityUnavailableError('password check: no answer', { cause: error });
      }
      const body: unknown = await response.json().catch(() => undefined);
      if (response.ok) {
        const refresh = z.object({ refresh_token: z.string() }).safeParse(body);
        if (refresh.success) await endSession(refresh.data.refresh_token);
        return true;
      }
      // Keycloak < 26.6 answers a wrong password with 401, newer versions with 400.
      const oauth = OAuthErrorSchema.safeParse(body);
      if (
        (response.status === 400 || response.status === 401) &&
        oauth.success &&
        oauth.data.error === 'invalid_grant'
      ) {
        return false;
      }
      throw new IdentityUnavailableError(`password check: status ${response.status}`);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    identityAdmin: IdentityAdmin;
  }
}

/** Decorates `app.identityAdmin` from `app.config`. */
export const identityAdminPlugin = fp(
  async (app) => {
    app.decorate('identityAdmin', createIdentityAdmin(app.config));
  },
  { name: 'identity-admin', fastify: '5.x', dependencies: ['config'] },
);
