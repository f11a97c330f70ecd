import { identityCredentials, identityUsers, postgresErrorCodes, postgresErrorOf } from '@opora/db';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clearLoginFailures, hashPassword, logoutAllSessions, verifyAdminToken } from '../index.ts';
import {
  forbidden,
  type IdentityUserRow,
  realmRoleId,
  realmRoles,
  roleRepresentation,
  sendError,
  sendErrorMessage,
  sendJson,
  sendProfileErrors,
  unauthorized,
  userAccess,
  userNotFound,
  userRepresentation,
} from './representations.ts';
import { passwordPolicyError, profileErrors } from './user-profile.ts';

// The part of Keycloak 26's Admin REST API that the identity adapter (`platform/identity-admin.ts`)
// uses, served by the embedded identity server so that one adapter works in every environment. The
// caller is the API's service account (`client_credentials` of `opora-api`), authorised by its
// `realm-management` roles as Keycloak does: query-users lists, view-users reads, manage-users
// changes, view-realm reads roles.

const requiredAction = { updatePassword: 'UPDATE_PASSWORD' } as const;
const defaultPageSize = 100;

const CredentialSchema = z.object({
  type: z.string().optional(),
  value: z.string().nullish(),
  temporary: z.boolean().nullish(),
});

const UserBodySchema = z.object({
  username: z.string().nullish(),
  email: z.string().nullish(),
  firstName: z.string().nullish(),
  lastName: z.string().nullish(),
  enabled: z.boolean().nullish(),
  emailVerified: z.boolean().nullish(),
  requiredActions: z.array(z.string()).nullish(),
  credentials: z.array(CredentialSchema).nullish(),
});

const booleanParameter = z.enum(['true', 'false']).transform((value) => value === 'true');

const UserQuerySchema = z.object({
  email: z.string().optional(),
  username: z.string().optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  search: z.string().optional(),
  exact: booleanParameter.optional(),
  enabled: booleanParameter.optional(),
  emailVerified: booleanParameter.optional(),
  briefRepresentation: booleanParameter.optional(),
  first: z.coerce.number().int().optional(),
  max: z.coerce.number().int().optional(),
});

const RealmParams = z.object({ realm: z.string() });
const UserParams = z.object({ realm: z.string(), id: z.string() });
const RoleParams = z.object({ realm: z.string(), name: z.string() });
const RoleMembersQuerySchema = z.object({
  first: z.coerce.number().int().optional(),
  max: z.coerce.number().int().optional(),
  briefRepresentation: booleanParameter.optional(),
});
const RoleMappingsSchema = z.array(z.object({ id: z.string().optional(), name: z.string().optional() }));

const uuidFormat = z.uuid();

/** `%` and `_` are literal in a search term. */
const likeEscaped = (value: string) => value.toLowerCase().replace(/[\\%_]/g, (match) => `\\${match}`);

/** The admin roles of each request's caller, set once its token is verified. */
const callerRoles = new WeakMap<FastifyRequest, ReadonlySet<string>>();

function rolesOf(request: FastifyRequest): ReadonlySet<string> {
  return callerRoles.get(request) ?? new Set();
}

const hasAny = (request: FastifyRequest, roles: readonly string[]) =>
  roles.some((role) => rolesOf(request).has(role));

/** Keycloak answers a missing user with 404 only to callers who may query users; others get 403. */
const canQueryUsers = (request: FastifyRequest) =>
  hasAny(request, ['query-users', 'view-users', 'manage-users']);

function cannotParse(reply: FastifyReply): FastifyReply {
  return sendJson(reply, 400, { error: 'invalid_request', error_description: 'Cannot parse the JSON' });
}

function noContent(reply: FastifyReply, cacheControl?: string): FastifyReply {
  if (cacheControl) reply.header('cache-control', cacheControl);
  return reply.code(204).send();
}

/** A field condition of the user listing: case-insensitive substring, or equality with `exact=true`. */
function matches(column: AnyPgColumn, value: string, exact: boolean): SQL {
  return exact
    ? sql`lower(${column}) = ${value.toLowerCase()}`
    : sql`lower(${column}) like ${`%${likeEscaped(value)}%`} escape '\\'`;
}

/** Keycloak's `search`: a prefix by default, `*` as a wildcard, `"…"` for an exact value, over every field. */
function searchCondition(search: string): SQL {
  const term = search.trim();
  const exact = term.length >= 2 && term.startsWith('"') && term.endsWith('"');
  const pattern = exact
    ? likeEscaped(term.slice(1, -1))
    : `${likeEscaped(term).replaceAll('*', '%').replace(/%?$/, '%')}`;
  const fields = [
    identityUsers.username,
    identityUsers.email,
    identityUsers.firstName,
    identityUsers.lastName,
  ];
  const conditions = fields.map((field) =>
    exact ? sql`lower(${field}) = ${pattern}` : sql`lower(${field}) like ${pattern} escape '\\'`,
  );
  return sql`(${sql.join(conditions, sql` or `)})`;
}

export const identityAdminRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app;
  const realm = config.identity.realm;
  const adminBase = `${config.identity.url}/admin/realms/${realm}`;
  const roles = realmRoles(realm);

  app.setErrorHandler(async (error: Error & { code?: string; statusCode?: number }, request, reply) => {
    if (
      error instanceof z.ZodError ||
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
    ) {
      return cannotParse(reply);
    }
    if (error.statusCode === 413) return sendError(reply, 413, 'HTTP 413 Request Entity Too Large');
    if (error.statusCode === 415) return sendError(reply, 415, 'HTTP 415 Unsupported Media Type');
    request.log.error({ err: error }, 'identity admin request failed');
    return sendJson(reply, 500, {
      error: 'unknown_error',
      error_description: 'For more on this error consult the server log.',
    });
  });

  // Keycloak authenticates before it looks at the realm, the user or the body.
  app.addHook('onRequest', async (request, reply) => {
    const principal = await verifyAdminToken(request);
    if (!principal) return unauthorized(reply);
    callerRoles.set(request, new Set(principal.roles));
    const params = request.params as { realm?: string };
    if (params.realm !== realm) return sendError(reply, 404, 'Realm not found.');
  });

  /** The addressed user, or undefined after answering 404 (or 403 to a caller that may not query). */
  async function userFromPath(request: FastifyRequest, reply: FastifyReply, id: string) {
    const [user] = uuidFormat.safeParse(id).success
      ? await db.select().from(identityUsers).where(eq(identityUsers.id, id))
      : [];
    if (!user) {
      if (canQueryUsers(request)) userNotFound(reply);
      else forbidden(reply);
    }
    return user;
  }

  function requireRole(request: FastifyRequest, reply: FastifyReply, accepted: readonly string[]): boolean {
    if (hasAny(request, accepted)) return true;
    forbidden(reply);
    return false;
  }

  async function emailTaken(email: string, exceptUserId?: string): Promise<boolean> {
    const [row] = await db
      .select({ id: identityUsers.id })
      .from(identityUsers)
      .where(
        and(
          sql`lower(${identityUsers.email}) = ${email.toLowerCase()}`,
          exceptUserId ? sql`${identityUsers.id} <> ${exceptUserId}` : undefined,
        ),
      );
    return row !== undefined;
  }

  const isUniqueViolation = (error: unknown) =>
    postgresErrorOf(error)?.code === postgresErrorCodes.uniqueViolation;

  // The admin client addresses the collection with a trailing slash (Keycloak accepts both).
  for (const url of ['/admin/realms/:realm/users', '/admin/realms/:realm/users/']) {
    app.post(
      url,
      { schema: { hide: true, params: RealmParams, body: UserBodySchema } },
      async (request, reply) => {
        if (!requireRole(request, reply, ['manage-users'])) return reply;
        const body = request.body;
        const errors = profileErrors(body, { required: true });
        if (errors.length > 0) return sendProfileErrors(reply, errors);
        // The realm uses the e-mail address as username (registrationEmailAsUsername).
        const email = (body.email ?? '').trim().toLowerCase();
        if (await emailTaken(email)) return sendErrorMessage(reply, 409, 'User exists with same email');

        const password = body.credentials?.find(
          (credential) => (credential.type ?? 'password') === 'password',
        );
        if (password && !password.value) return sendError(reply, 400, 'No password provided');
        const policy = password?.value ? passwordPolicyError(password.value) : undefined;
        if (policy) return sendJson(reply, 400, policy);
        const passwordHash = password?.value ? await hashPassword(password.value) : undefined;
        const requiredActions = new Set(body.requiredActions ?? []);
        if (password?.temporary) requiredActions.add(requiredAction.updatePassword);

        let id: string;
        try {
          id = await db.transaction(async (tx) => {
            const [created] = await tx
              .insert(identityUsers)
              .values({
                username: email,
                email,
                firstName: body.firstName?.trim(),
                lastName: body.lastName?.trim(),
                // Keycloak creates a disabled account unless told otherwise.
                enabled: body.enabled ?? false,
                emailVerified: body.emailVerified ?? false,
                requiredActions: [...requiredActions],
              })
              .returning({ id: identityUsers.id });
            if (!created) throw new Error('insert returned no row');
            if (passwordHash)
              await tx.insert(identityCredentials).values({ userId: created.id, passwordHash });
            return created.id;
          });
        } catch (error) {
          // Another request took the address between the check and the insert.
          if (isUniqueViolation(error)) return sendErrorMessage(reply, 409, 'User exists with same email');
          throw error;
        }
        return reply
          .code(201)
          .header('location', `${adminBase}/users/${id}`)
          .header('content-length', '0')
          .send();
      },
    );

    app.get(
      url,
      { schema: { hide: true, params: RealmParams, querystring: UserQuerySchema } },
      async (request, reply) => {
        if (!requireRole(request, reply, ['query-users', 'view-users', 'manage-users'])) return reply;
        const query = request.query;
        const exact = query.exact === true;
        const conditions: (SQL | undefined)[] = [
          query.search === undefined ? undefined : searchCondition(query.search),
          query.email === undefined ? undefined : matches(identityUsers.email, query.email, exact),
          query.username === undefined ? undefined : matches(identityUsers.username, query.username, exact),
          query.firstName === undefined
            ? undefined
            : matches(identityUsers.firstName, query.firstName, exact),
          query.lastName === undefined ? undefined : matches(identityUsers.lastName, query.lastName, exact),
          query.enabled === undefined ? undefined : eq(identityUsers.enabled, query.enabled),
          query.emailVerified === undefined
            ? undefined
            : eq(identityUsers.emailVerified, query.emailVerified),
        ];
        const access = userAccess(rolesOf(request));
        // query-users opens the listing; seeing anyone in it takes view-users (measured on Keycloak 26).
        if (!access.view) return sendJson(reply.header('cache-control', 'no-cache'), 200, []);
        const rows = await db
          .select()
          .from(identityUsers)
          .where(and(...conditions))
          .orderBy(asc(identityUsers.username))
          .offset(query.first !== undefined && query.first > 0 ? query.first : 0)
          .limit(query.max !== undefined && query.max >= 0 ? query.max : defaultPageSize);
        const brief = query.briefRepresentation === true;
        const body = rows.map((user) =>
          userRepresentation(user, { brief, access: { manage: access.manage } }),
        );
        return sendJson(reply.header('cache-control', 'no-cache'), 200, body);
      },
    );
  }

  app.get(
    '/admin/realms/:realm/users/:id',
    { schema: { hide: true, params: UserParams } },
    async (request, reply) => {
      const user = await userFromPath(request, reply, request.params.id);
      if (!user || !requireRole(request, reply, ['view-users', 'manage-users'])) return reply;
      return sendJson(
        reply,
        200,
        userRepresentation(user, { brief: false, access: userAccess(rolesOf(request)) }),
      );
    },
  );

  app.put(
    '/admin/realms/:realm/users/:id',
    { schema: { hide: true, params: UserParams, body: UserBodySchema } },
    async (request, reply) => {
      const user = await userFromPath(request, reply, request.params.id);
      if (!user || !requireRole(request, reply, ['manage-users'])) return reply;
      const body = request.body;
      // A partial representation changes only what it carries (Keycloak merges).
      const errors = profileErrors(
        {
          ...(body.email === undefined ? {} : { email: body.email }),
          ...(body.firstName === undefined ? {} : { firstName: body.firstName }),
          ...(body.lastName === undefined ? {} : { lastName: body.lastName }),
        },
        { required: false },
      );
      if (errors.length > 0) return sendProfileErrors(reply, errors);
      const email = body.email?.trim().toLowerCase();
      if (email && email !== user.email && (await emailTaken(email, user.id))) {
        return sendErrorMessage(reply, 409, 'User exists with same email');
      }
      const changes: Partial<IdentityUserRow> = {
        ...(email ? { email, username: email } : {}),
        ...(body.firstName ? { firstName: body.firstName.trim() } : {}),
        ...(body.lastName ? { lastName: body.lastName.trim() } : {}),
        ...(typeof body.enabled === 'boolean' ? { enabled: body.enabled } : {}),
        ...(typeof body.emailVerified === 'boolean' ? { emailVerified: body.emailVerified } : {}),
        ...(body.requiredActions ? { requiredActions: body.requiredActions } : {}),
      };
      if (Object.keys(changes).length > 0) {
        try {
          await db.update(identityUsers).set(changes).where(eq(identityUsers.id, user.id));
        } catch (error) {
          if (isUniqueViolation(error)) return sendErrorMessage(reply, 409, 'User exists with same email');
          throw error;
        }
      }
      return noContent(reply);
    },
  );

  app.put(
    '/admin/realms/:realm/users/:id/reset-password',
    { schema: { hide: true, params: UserParams, body: CredentialSchema } },
    async (request, reply) => {
      const user = await userFromPath(request, reply, request.params.id);
      if (!user || !requireRole(request, reply, ['manage-users'])) return reply;
      const { value, temporary } = request.body;
      if (value === undefined || value === null) return sendError(reply, 400, 'No password provided');
      if (value.trim() === '') return sendError(reply, 400, 'Empty password not allowed');
      const policy = passwordPolicyError(value);
      if (policy) return sendJson(reply, 400, policy);
      const passwordHash = await hashPassword(value);
      const otherActions = user.requiredActions.filter((action) => action !== requiredAction.updatePassword);
      await db.transaction(async (tx) => {
        await tx
          .insert(identityCredentials)
          .values({ userId: user.id, passwordHash })
          .onConflictDoUpdate({
            target: identityCredentials.userId,
            set: { passwordHash, updatedAt: new Date() },
          });
        await tx
          .update(identityUsers)
          .set({
            requiredActions: temporary ? [...otherActions, requiredAction.updatePassword] : otherActions,
          })
          .where(eq(identityUsers.id, user.id));
      });
      return noContent(reply);
    },
  );

  app.delete(
    '/admin/realms/:realm/users/:id',
    { schema: { hide: true, params: UserParams } },
    async (request, reply) => {
      const user = await userFromPath(request, reply, request.params.id);
      if (!user || !requireRole(request, reply, ['manage-users'])) return reply;
      // Credentials, sessions and brute-force state go with the account (on delete cascade).
      await db.delete(identityUsers).where(eq(identityUsers.id, user.id));
      return noContent(reply, 'no-cache');
    },
  );

  app.post(
    '/admin/realms/:realm/users/:id/logout',
    { schema: { hide: true, params: UserParams } },
    async (request, reply) => {
      const user = await userFromPath(request, reply, request.params.id);
      if (!user || !requireRole(request, reply, ['manage-users'])) return reply;
      await logoutAllSessions(db, user.id, app.identityIssuer.now);
      return noContent(reply);
    },
  );

  app.post(
    '/admin/realms/:realm/users/:id/role-mappings/realm',
    { schema: { hide: true, params: UserParams, body: RoleMappingsSchema } },
    async (request, reply) => {
      const user = await userFromPath(request, reply, request.params.id);
      if (!user || !requireRole(request, reply, ['manage-users'])) return reply;
      // The whole batch is checked before anything is applied.
      const mapped = [];
      for (const entry of request.body) {
        const role = roles.find((candidate) => realmRoleId(realm, candidate.name) === entry.id);
        if (!role) return sendError(reply, 404, 'Role not found');
        mapped.push(role);
      }
      const assigned = new Set(user.realmRoles);
      for (const role of mapped) if (role.assignable) assigned.add(role.name);
      if (assigned.size !== user.realmRoles.length) {
        await db
          .update(identityUsers)
          .set({ realmRoles: [...assigned] })
          .where(eq(identityUsers.id, user.id));
      }
      return noContent(reply);
    },
  );

  app.get(
    '/admin/realms/:realm/roles/:name',
    { schema: { hide: true, params: RoleParams } },
    async (request, reply) => {
      if (!requireRole(request, reply, ['view-realm', 'manage-realm'])) return reply;
      const role = roles.find((candidate) => candidate.name === request.params.name);
      if (!role) return sendError(reply, 404, 'Could not find role');
      return sendJson(reply.header('cache-control', 'no-cache'), 200, roleRepresentation(realm, role));
    },
  );

  // The accounts the role is mapped to directly, by username, paged as the user listing is (brief
  // representations either way: the adapter asks for them).
  app.get(
    '/admin/realms/:realm/roles/:name/users',
    { schema: { hide: true, params: RoleParams, querystring: RoleMembersQuerySchema } },
    async (request, reply) => {
      if (!requireRole(request, reply, ['view-realm', 'manage-realm'])) return reply;
      if (!requireRole(request, reply, ['query-users', 'view-users', 'manage-users'])) return reply;
      const role = roles.find((candidate) => candidate.name === request.params.name);
      if (!role) return sendError(reply, 404, 'Could not find role');
      const { first, max } = request.query;
      const rows = role.assignable
        ? await db
            .select()
            .from(identityUsers)
            .where(sql`${role.name} = any(${identityUsers.realmRoles})`)
            .orderBy(asc(identityUsers.username))
            .offset(first !== undefined && first > 0 ? first : 0)
            .limit(max !== undefined && max >= 0 ? max : defaultPageSize)
        : [];
      const body = rows.map((user) => {
        const { access: _access, ...brief } = userRepresentation(user, { brief: true, access: {} });
        return brief;
      });
      return sendJson(reply.header('cache-control', 'no-cache'), 200, body);
    },
  );

  // Keycloak answers 204 for an unknown id too: there is simply no failure record to clear.
  app.delete(
    '/admin/realms/:realm/attack-detection/brute-force/users/:id',
    { schema: { hide: true, params: UserParams } },
    async (request, reply) => {
      if (!requireRole(request, reply, ['manage-users'])) return reply;
      if (uuidFormat.safeParse(request.params.id).success) await clearLoginFailures(db, request.params.id);
      return noContent(reply);
    },
  );
};
