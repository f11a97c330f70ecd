import { type Role, roles } from './enums.ts';
import { isOneOf } from './one-of.ts';
import type { OperationAccess } from './operations/define.ts';
import { type OperationId, operationIds, operations, type PermissionLink } from './operations/table.ts';
import { type RouteName, routeNames } from './routes.ts';

export function isOperationId(value: unknown): value is OperationId {
  return isOneOf(operationIds, value);
}

function grantedTo(role: Role): OperationId[] {
  return Object.values(operations)
    .filter(({ access }: { access: OperationAccess }) => {
      if (access === 'public') return role === 'guest';
      // Everyone signed in holds `client` besides any staff or provider role.
      if (access === 'login') return role === 'client';
      return access.roles.includes(role);
    })
    .map((operation) => operation.operationId);
}

/**
 * Role → operations it grants beyond the guest's (DESIGN "Permissions"), from each operation's
 * `access`. The API checks this before every handler. Everyone signed in holds `client` as well as any
 * staff or provider role, so the other roles list only what they add.
 */
export const permissions: Record<Role, readonly OperationId[]> = Object.fromEntries(
  roles.map((role) => [role, grantedTo(role)]),
) as unknown as Record<Role, readonly OperationId[]>;

/** True when the guest may call the operation: it needs no signed-in caller. */
export function isPublicOperation(operationId: OperationId): boolean {
  return permissions.guest.includes(operationId);
}

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

/** The provider area's pages: every provider role opens them (what each sees there is the API's scope). */
const providerAreaRoutes: readonly RouteName[] = [
  'providerHome',
  'providerRequests',
  'providerRequest',
  'providerRequestPrint',
  'providerDashboard',
  'providerPlan',
  'providerCapacity',
  'providerServices',
  'providerServiceNew',
  'providerService',
  'providerServicePreview',
  'providerImages',
  'providerProfile',
  'providerFacility',
];

/**
 * Web routes that need more than being signed in (SPEC §6 "require a permission"), by the roles that
 * open them. The web app's guard sends everyone else to `/unauthorized`.
 */
export const routeGrants: Record<Role, readonly RouteName[]> = {
  guest: [],
  client: [],
  assistant: ['adminHome', 'adminAssistantTasks', 'adminAssistantTask'],
  providerAdmin: providerAreaRoutes,
  providerCoordinator: providerAreaRoutes,
  providerUser: providerAreaRoutes,
  admin: [
    'adminHome',
    'adminVerifications',
    'adminVerification',
    'adminAudit',
    'adminAssistantTasks',
    'adminAssistantTask',
    'adminSupport',
    'adminSupportMessage',
    'adminSubscriptions',
    'adminSubscription',
    'adminSurveys',
    'adminSurvey',
    'adminServiceTypes',
  ],
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
