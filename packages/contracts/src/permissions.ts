import { z } from 'zod';
import { type Role, roles } from './enums.ts';
import { type RouteName, routeNames } from './routes.ts';
import { validationKey } from './validation/keys.ts';

/**
 * Every API operation (`operationId` in OpenAPI). The API implements exactly these; later issues
 * append theirs together with the roles that may call them.
 */
export const operationIds = [
  'getHealth',
  'getReady',
  'getWebConfig',
  'listRegions',
  // public catalogue and contact
  'listServiceTypes',
  'listServices',
  'getService',
  'sendContactMessage',
  // accounts
  'signUp',
  'getCurrentUser',
  'updateCurrentUser',
  'deleteCurrentUser',
  'changePassword',
  'resendEmailConfirmation',
  'confirmEmail',
  'requestPasswordReset',
  'resetPassword',
  // development only: the e-mail outbox (never registered in production)
  'listDevMail',
  'viewDevMail',
] as const;
export type OperationId = (typeof operationIds)[number];
export const OperationIdSchema = z.enum(operationIds);

export function isOperationId(value: unknown): value is OperationId {
  return typeof value === 'string' && (operationIds as readonly string[]).includes(value);
}

/**
 * Operations anyone may call, signed in or not. The account operations here carry their own proof
 * (a password, a token from an e-mail) instead of a session.
 */
const publicOperations = [
  'getHealth',
  'getReady',
  'getWebConfig',
  'listRegions',
  'listServiceTypes',
  'listServices',
  'getService',
  'sendContactMessage',
  'signUp',
  'confirmEmail',
  'requestPasswordReset',
  'resetPassword',
  'listDevMail',
  'viewDevMail',
] as const satisfies readonly OperationId[];

/** What every signed-in person may do with their own account (SPEC §6 "logged-in user"). */
const ownAccountOperations = [
  'getCurrentUser',
  'updateCurrentUser',
  'deleteCurrentUser',
  'changePassword',
  'resendEmailConfirmation',
] as const satisfies readonly OperationId[];

/**
 * Role → operations it grants beyond the guest's (DESIGN "Permissions"). The API checks this before
 * every handler. Everyone signed in holds `client` as well as any staff or provider role, so the other
 * roles list only what they add.
 */
export const permissions: Record<Role, readonly OperationId[]> = {
  guest: publicOperations,
  client: ownAccountOperations,
  assistant: [],
  providerAdmin: [],
  providerUser: [],
  admin: [],
};

/** True when the guest may call the operation: it needs no signed-in caller. */
export function isPublicOperation(operationId: OperationId): boolean {
  return permissions.guest.includes(operationId);
}

/** What a user may do, as `/users/me` returns it: a route name, an operation id, or both. */
export const PermissionLinkSchema = z
  .object({
    routeName: z.enum(routeNames).optional(),
    operationId: OperationIdSchema.optional(),
  })
  .refine((link) => link.routeName !== undefined || link.operationId !== undefined, {
    message: validationKey('invalid'),
  })
  .meta({ id: 'PermissionLink' });
export type PermissionLink = z.infer<typeof PermissionLinkSchema>;

/** A permission to check: an operation id, or a route name or operation id spelled out. */
export type PermissionRequirement = OperationId | { operationId: OperationId } | { routeName: RouteName };

function satisfies(grants: readonly PermissionLink[], requirement: PermissionRequirement): boolean {
  if (typeof requirement === 'string') return grants.some((grant) => grant.operationId === requirement);
  if ('operationId' in requirement)
    return grants.some((grant) => grant.operationId === requirement.operationId);
  return grants.some((grant) => grant.routeName === requirement.routeName);
}

export function can(grants: readonly PermissionLink[], requirement: PermissionRequirement): boolean {
  return satisfies(grants, requirement);
}

/** True when any requirement is granted; an empty list requires nothing. */
export function canAny(
  grants: readonly PermissionLink[],
  requirements: readonly PermissionRequirement[],
): boolean {
  return requirements.length === 0 || requirements.some((requirement) => satisfies(grants, requirement));
}

/** True when every requirement is granted. */
export function canAll(
  grants: readonly PermissionLink[],
  requirements: readonly PermissionRequirement[],
): boolean {
  return requirements.every((requirement) => satisfies(grants, requirement));
}

/** SPEC §6 check: any-match by default, all-match on request. */
export function hasPermission(
  grants: readonly PermissionLink[],
  requirements: PermissionRequirement | readonly PermissionRequirement[],
  { match = 'any' }: { match?: 'any' | 'all' } = {},
): boolean {
  const list = Array.isArray(requirements) ? requirements : [requirements as PermissionRequirement];
  return match === 'all' ? canAll(grants, list) : canAny(grants, list);
}

/** Operations granted to someone holding these roles (guest rights included for everyone). */
export function operationsForRoles(heldRoles: readonly Role[]): OperationId[] {
  const granted = new Set<OperationId>(permissions.guest);
  for (const role of heldRoles) {
    for (const operationId of permissions[role]) granted.add(operationId);
  }
  return operationIds.filter((operationId) => granted.has(operationId));
}

/**
 * Web routes that need more than being signed in (SPEC §6 "require a permission"), by the roles that
 * open them. The web app's guard sends everyone else to `/unauthorized`.
 */
export const routeGrants: Record<Role, readonly RouteName[]> = {
  guest: [],
  client: [],
  assistant: [],
  providerAdmin: ['providerHome'],
  providerUser: ['providerHome'],
  admin: ['adminHome'],
};

/** Routes these roles open beyond the login-only ones, in `routeNames` order. */
export function routesForRoles(heldRoles: readonly Role[]): RouteName[] {
  const granted = new Set<RouteName>(heldRoles.flatMap((role) => routeGrants[role]));
  return routeNames.filter((routeName) => granted.has(routeName));
}

/** Permission links for `/users/me`: operations in `operationIds` order, then routes in `routeNames` order. */
export function permissionLinksForRoles(heldRoles: readonly Role[]): PermissionLink[] {
  return [
    ...operationsForRoles(heldRoles).map((operationId) => ({ operationId })),
    ...routesForRoles(heldRoles).map((routeName) => ({ routeName })),
  ];
}

/** API-side check: may a caller with these roles call this operation? */
export function rolesCan(heldRoles: readonly Role[], operationId: OperationId): boolean {
  return operationsForRoles(heldRoles).includes(operationId);
}

export const RoleSchema = z.enum(roles);
