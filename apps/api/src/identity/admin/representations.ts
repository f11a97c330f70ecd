import { createHash } from 'node:crypto';
import type { identityUsers } from '@opora/db';
import type { FastifyReply } from 'fastify';

// The wire shapes of Keycloak 26's Admin REST API for the part Opora uses: representations, and the
// three error families it answers with ({"error": prose}, {"errorMessage": …} for conflicts and
// validation, and OAuth's {"error", "error_description"} for password-policy failures).

export type IdentityUserRow = typeof identityUsers.$inferSelect;

/** Keycloak's admin API spells its JSON media type without a space. */
const adminJson = 'application/json;charset=UTF-8';

export function sendJson(reply: FastifyReply, status: number, body: unknown): FastifyReply {
  return reply.code(status).type(adminJson).send(JSON.stringify(body));
}

/** `{"error": "User not found"}`, `{"error": "HTTP 401 Unauthorized"}`… */
export function sendError(reply: FastifyReply, status: number, error: string): FastifyReply {
  return sendJson(reply, status, { error });
}

/** `{"errorMessage": "User exists with same email"}`. */
export function sendErrorMessage(reply: FastifyReply, status: number, errorMessage: string): FastifyReply {
  return sendJson(reply, status, { errorMessage });
}

/** One failed user-profile rule, as Keycloak's `ErrorRepresentation`. */
export interface ProfileError {
  field: string;
  errorMessage: string;
  params: (string | number)[];
}

/** A single error is sent bare, several as `{"errors": [...]}` (Keycloak's `ErrorResponse.errors`). */
export function sendProfileErrors(reply: FastifyReply, errors: ProfileError[]): FastifyReply {
  return sendJson(reply, 400, errors.length === 1 ? errors[0] : { errors });
}

export const unauthorized = (reply: FastifyReply) => sendError(reply, 401, 'HTTP 401 Unauthorized');
export const forbidden = (reply: FastifyReply) => sendError(reply, 403, 'HTTP 403 Forbidden');
export const userNotFound = (reply: FastifyReply) => sendError(reply, 404, 'User not found');

/** What the caller may do with users; a single read lists all six, a listing only `manage`. */
export function userAccess(roles: ReadonlySet<string>) {
  const manage = roles.has('manage-users');
  return {
    manageGroupMembership: manage,
    resetPassword: manage,
    view: manage || roles.has('view-users'),
    mapRoles: manage,
    impersonate: roles.has('impersonation'),
    manage,
  };
}

/** Keycloak's `UserRepresentation`; empty attributes are omitted, as Keycloak serialises NON_NULL. */
export function userRepresentation(user: IdentityUserRow, options: { brief: boolean; access: object }) {
  return {
    id: user.id,
    username: user.username,
    ...(user.firstName ? { firstName: user.firstName } : {}),
    ...(user.lastName ? { lastName: user.lastName } : {}),
    ...(user.email ? { email: user.email } : {}),
    emailVerified: user.emailVerified,
    enabled: user.enabled,
    createdTimestamp: user.createdAt.getTime(),
    ...(options.brief
      ? {}
      : {
          totp: false,
          disableableCredentialTypes: [],
          requiredActions: user.requiredActions,
          notBefore: user.notBefore ? Math.floor(user.notBefore.getTime() / 1000) : 0,
        }),
    access: options.access,
  };
}

/** Stable id of a realm role, the same in every database (the embedded realm keeps roles in code). */
export function realmRoleId(realm: string, name: string): string {
  const hex = createHash('sha256').update(`realm-role:${realm}:${name}`).digest('hex');
  const variant = ((Number.parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

/** Stable id of the realm itself (`containerId` of its roles). */
export function realmId(realm: string): string {
  return realmRoleId(realm, '');
}

export interface RealmRole {
  name: string;
  description: string;
  /** Stored in `identity.users.realm_roles` when mapped; the others come with every user. */
  assignable: boolean;
  composite: boolean;
}

/** The realm roles of realm-export.json: the product's three and Keycloak's defaults. */
export function realmRoles(realm: string): RealmRole[] {
  return [
    {
      name: 'client',
      description: 'Every registered person: clients and family carers',
      assignable: true,
      composite: false,
    },
    {
      name: 'assistant',
      description: 'Opora staff acting on behalf of clients',
      assignable: true,
      composite: false,
    },
    { name: 'admin', description: 'Opora platform staff', assignable: true, composite: false },
    { name: 'offline_access', description: 'Offline access', assignable: false, composite: false },
    {
      name: 'uma_authorization',
      description: 'User-managed access',
      assignable: false,
      composite: false,
    },
    {
      name: `default-roles-${realm}`,
      description: 'Roles every user of the realm has',
      assignable: false,
      composite: true,
    },
  ];
}

export function roleRepresentation(realm: string, role: RealmRole) {
  return {
    id: realmRoleId(realm, role.name),
    name: role.name,
    description: role.description,
    composite: role.composite,
    clientRole: false,
    containerId: realmId(realm),
    attributes: {},
  };
}
