import type { Config } from '../platform/config.ts';

/** Whole seconds since the epoch, as JWT `iat`/`exp` carry them. */
export function epochSeconds(instant: Date): number {
  return Math.floor(instant.getTime() / 1000);
}

/** `iss` of every token: `{identity url}/realms/{realm}`, no trailing slash. */
export function issuerUrl(config: Pick<Config, 'identity'>): string {
  return `${config.identity.url}/realms/${config.identity.realm}`;
}

/**
 * Realm settings the embedded server emulates; the values of `keycloak/realm-export.json` (Keycloak 26
 * defaults plus brute-force protection and refresh-token rotation).
 */
export interface RealmSettings {
  accessTokenLifespan: number;
  ssoSessionIdleTimeout: number;
  ssoSessionMaxLifespan: number;
  offlineSessionIdleTimeout: number;
  /**
   * Refresh-token rotation with `refreshTokenMaxReuse: 0`: each refresh token works once; presenting
   * a used one revokes the session. (Other reuse counts are not supported.)
   */
  revokeRefreshToken: boolean;
  bruteForce: BruteForceSettings;
}

export interface BruteForceSettings {
  failureFactor: number;
  waitIncrementSeconds: number;
  quickLoginCheckMilliSeconds: number;
  minimumQuickLoginWaitSeconds: number;
  maxFailureWaitSeconds: number;
  maxDeltaTimeSeconds: number;
}

export const defaultRealmSettings: RealmSettings = {
  accessTokenLifespan: 300,
  ssoSessionIdleTimeout: 1800,
  ssoSessionMaxLifespan: 36_000,
  offlineSessionIdleTimeout: 2_592_000,
  revokeRefreshToken: true,
  bruteForce: {
    failureFactor: 5,
    waitIncrementSeconds: 60,
    quickLoginCheckMilliSeconds: 1000,
    minimumQuickLoginWaitSeconds: 60,
    maxFailureWaitSeconds: 900,
    maxDeltaTimeSeconds: 43_200,
  },
};

/** Scopes that put their name into the token's `scope` (Keycloak's `include.in.token.scope`). */
export const defaultClientScopes = ['profile', 'email'] as const;
/** Default scopes that add claims but never appear in `scope`. */
export const silentDefaultClientScopes = ['roles', 'web-origins', 'acr', 'basic'] as const;
/**
 * The `web` client's optional scopes (keycloak/realm-export.json: `offline_access` only). A requested
 * scope that is neither a default nor an optional scope of the client is `invalid_scope`.
 */
export const optionalClientScopes = ['offline_access'] as const;
/** The realm's other client scopes (Keycloak's defaults), which discovery lists but no client has. */
export const unassignedClientScopes = [
  'address',
  'phone',
  'microprofile-jwt',
  'organization',
  'service_account',
] as const;

export interface IdentityClient {
  clientId: string;
  publicClient: boolean;
  /** Required for confidential clients. */
  secret?: string;
  directAccessGrantsEnabled: boolean;
  serviceAccountsEnabled: boolean;
  /** Exact origins allowed by CORS. */
  webOrigins: string[];
  /**
   * False limits the client's tokens to the roles mapped to it; such a client cannot get offline
   * tokens (no `offline_access` role in its scope), as in Keycloak.
   */
  fullScopeAllowed: boolean;
  /** `aud` added by an audience mapper (the API's client). */
  audience: string[];
}

/** Roles of the `realm-management` client granted to the API's service account. */
export const adminServiceAccountRoles = ['view-users', 'query-users', 'manage-users', 'view-realm'] as const;

/** The same roles as the service account's token lists them: Keycloak expands `view-users` to `query-groups`. */
export const adminServiceAccountTokenRoles = [...adminServiceAccountRoles, 'query-groups'] as const;

/**
 * Every user has the realm's default composite role and what it contains (the realm export's
 * `default-roles-opora`: `client`, `offline_access`, `uma_authorization`), service accounts included.
 */
export function defaultRealmRoles(realm: string): string[] {
  return [`default-roles-${realm}`, 'client', 'offline_access', 'uma_authorization'];
}

/** Keycloak's default `account` client roles, granted through the default composite role. */
export const defaultAccountRoles = ['manage-account', 'manage-account-links', 'view-profile'];

/** The realm's clients: `web` (the browser app) and the API's confidential service-account client. */
export function realmClients(
  config: Pick<Config, 'webOrigins' | 'identityAdmin'>,
  extraClients: IdentityClient[] = [],
): Map<string, IdentityClient> {
  const clients: IdentityClient[] = [
    {
      clientId: 'web',
      publicClient: true,
      directAccessGrantsEnabled: true,
      serviceAccountsEnabled: false,
      webOrigins: config.webOrigins,
      fullScopeAllowed: true,
      audience: [config.identityAdmin.clientId],
    },
    {
      clientId: config.identityAdmin.clientId,
      publicClient: false,
      secret: config.identityAdmin.clientSecret,
      directAccessGrantsEnabled: false,
      serviceAccountsEnabled: true,
      webOrigins: [],
      fullScopeAllowed: true,
      audience: [],
    },
    ...extraClients,
  ];
  return new Map(clients.map((client) => [client.clientId, client]));
}
