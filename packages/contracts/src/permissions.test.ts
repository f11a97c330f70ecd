import { describe, expect, it } from 'vitest';
import { roles } from './enums.ts';
import { operationIds, type PermissionLink, PermissionLinkSchema } from './operations/table.ts';
import {
  can,
  canAll,
  canAny,
  hasPermission,
  isPublicOperation,
  operationsForRoles,
  permissionLinksForRoles,
  permissions,
  rolesCan,
  routesForRoles,
} from './permissions.ts';

const grants: PermissionLink[] = [
  { operationId: 'getHealth' },
  { operationId: 'listRegions' },
  { routeName: 'dashboard' },
  { routeName: 'userProfile', operationId: 'getWebConfig' },
];

describe('permission checks (SPEC §6)', () => {
  it('answers by operation id', () => {
    expect(can(grants, 'listRegions')).toBe(true);
    expect(can(grants, { operationId: 'getReady' })).toBe(false);
    expect(can(grants, { operationId: 'getWebConfig' })).toBe(true);
  });

  it('answers by route name', () => {
    expect(can(grants, { routeName: 'dashboard' })).toBe(true);
    expect(can(grants, { routeName: 'userProfile' })).toBe(true);
    expect(can(grants, { routeName: 'userChangePassword' })).toBe(false);
  });

  it('matches any requirement by default and all on request', () => {
    const requirements = ['getReady', { routeName: 'dashboard' }] as const;
    expect(canAny(grants, requirements)).toBe(true);
    expect(canAll(grants, requirements)).toBe(false);
    expect(hasPermission(grants, requirements)).toBe(true);
    expect(hasPermission(grants, requirements, { match: 'all' })).toBe(false);
    expect(hasPermission(grants, ['getHealth', { routeName: 'dashboard' }], { match: 'all' })).toBe(true);
    expect(hasPermission(grants, 'getReady')).toBe(false);
  });

  it('requires nothing for an empty list', () => {
    expect(canAny([], [])).toBe(true);
    expect(canAll([], [])).toBe(true);
  });

  it('grants nothing to someone without grants', () => {
    expect(can([], 'getHealth')).toBe(false);
    expect(canAny([], ['getHealth'])).toBe(false);
  });
});

describe('role table', () => {
  it('names a list of operations for every role, all of them known', () => {
    for (const role of roles) {
      for (const operationId of permissions[role]) expect(operationIds).toContain(operationId);
    }
  });

  it('lets everyone, signed in or not, call the public operations', () => {
    for (const role of roles) {
      for (const operationId of ['getHealth', 'getReady', 'getWebConfig', 'listRegions'] as const) {
        expect(rolesCan([role], operationId)).toBe(true);
      }
    }
    expect(rolesCan([], 'listRegions')).toBe(true);
  });

  it('turns roles into the permission links /users/me returns', () => {
    const clientLinks = permissionLinksForRoles(['client']);
    expect(clientLinks).toEqual(operationsForRoles(['client']).map((operationId) => ({ operationId })));
    const providerLinks = permissionLinksForRoles(['client', 'providerAdmin']);
    expect(providerLinks).toEqual([
      ...operationsForRoles(['client', 'providerAdmin']).map((operationId) => ({ operationId })),
      ...routesForRoles(['providerAdmin']).map((routeName) => ({ routeName })),
    ]);
    expect(providerLinks).toContainEqual({ operationId: 'listProviderCareRequests' });
    expect(clientLinks).not.toContainEqual({ operationId: 'listProviderCareRequests' });
    for (const link of providerLinks) expect(PermissionLinkSchema.parse(link)).toEqual(link);
    expect(hasPermission(providerLinks, { routeName: 'providerHome' })).toBe(true);
    expect(hasPermission(clientLinks, { routeName: 'providerHome' })).toBe(false);
  });

  it('opens the provider area to provider staff only', () => {
    for (const role of ['providerAdmin', 'providerCoordinator', 'providerUser'] as const) {
      expect(routesForRoles([role])).toEqual([
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
      ]);
    }
    expect(routesForRoles(['client', 'assistant', 'admin'])).not.toContain('providerHome');
  });

  it('opens the administration to platform staff only', () => {
    expect(routesForRoles(['client', 'admin'])).toEqual([
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
    ]);
    // An assistant opens the console for the work queue, not the verification or the audit log.
    expect(routesForRoles(['client', 'assistant'])).toEqual([
      'adminHome',
      'adminAssistantTasks',
      'adminAssistantTask',
    ]);
    expect(routesForRoles(['client', 'providerAdmin', 'providerUser'])).not.toContain('adminHome');
  });

  it('lets a client manage their own account but a guest only sign up and recover it', () => {
    for (const operationId of ['signUp', 'confirmEmail', 'requestPasswordReset', 'resetPassword'] as const) {
      expect(isPublicOperation(operationId)).toBe(true);
      expect(rolesCan([], operationId)).toBe(true);
    }
    for (const operationId of [
      'getCurrentUser',
      'updateCurrentUser',
      'deleteCurrentUser',
      'changePassword',
      'resendEmailConfirmation',
    ] as const) {
      expect(isPublicOperation(operationId)).toBe(false);
      expect(rolesCan(['guest'], operationId)).toBe(false);
      expect(rolesCan(['client'], operationId)).toBe(true);
    }
  });

  it('grants every operation to someone, so none is unreachable', () => {
    const reachable = new Set(roles.flatMap((role) => permissions[role]));
    expect(operationIds.filter((operationId) => !reachable.has(operationId))).toEqual([]);
  });

  it('refuses a permission link that names neither a route nor an operation', () => {
    expect(PermissionLinkSchema.safeParse({}).success).toBe(false);
    expect(PermissionLinkSchema.safeParse({ operationId: 'deleteEverything' }).success).toBe(false);
  });
});
