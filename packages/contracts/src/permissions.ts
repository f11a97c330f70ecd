import { z } from 'zod';
import { type Role, roles } from './enums.ts';
import { type RouteName, routeNames } from './routes.ts';
import { validationKey } from './validation/keys.ts';

/**
 * Every API operation (`operationId` in OpenAPI). The API implements exactly these; later issues
 * append theirs together with the roles that may call them.
 */
export const operationIds = ['getHealth', 'getReady', 'getWebConfig', 'listRegions'] as const;
export type OperationId = (typeof operationIds)[number];
export const OperationIdSchema = z.enum(operationIds);

export function isOperationId(value: unknown): value is OperationId {
  return typeof value === 'string' && (operationIds as readonly string[]).includes(value);
}

/** Operations anyone may call, signed in or not. */
const publicOperations = [
  'getHealth',
  'getReady',
  'getWebConfig',
  'listRegions',
] as const satisfies readonly OperationId[];

/** Role → operations it grants (DESIGN "Permissions"). The API checks this before every handler. */
export const permissions: Record<Role, readonly OperationId[]> = {
  guest: publicOperations,
  user: publicOperations,
  providerAdmin: publicOperations,
  providerUser: publicOperations,
  admin: publicOperations,
};

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

/** Permission links for `/users/me`, in `operationIds` order. */
export function permissionLinksForRoles(heldRoles: readonly Role[]): PermissionLink[] {
  return operationsForRoles(heldRoles).map((operationId) => ({ operationId }));
}

/** API-side check: may a caller with these roles call this operation? */
export function rolesCan(heldRoles: readonly Role[], operationId: OperationId): boolean {
  return operationsForRoles(heldRoles).includes(operationId);
}

export const RoleSchema = z.enum(roles);
