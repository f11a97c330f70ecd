// What the app needs from keycloak/realm-export.json, checked without a Keycloak: the clients, roles,
// scopes and realm settings the API, the web app and the embedded issuer rely on, and what Keycloak's
// import does not make up for by itself. The import into a real Keycloak (and what it made of the file)
// is checked by apps/api/src/accounts/accounts.keycloak.test.ts.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const strings = (value: Json | undefined): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

const objects = (value: Json | undefined): JsonObject[] =>
  Array.isArray(value) ? value.filter(isObject) : [];

/** Demo accounts (development only) end in this domain; the production realm must not contain any. */
export const demoDomain = '@opora.test';

export const realmName = 'opora';
export const webClientId = 'web';
export const apiClientId = 'opora-api';
export const realmRoles = ['client', 'assistant', 'admin'] as const;
export const serviceAccountRoles = ['manage-users', 'view-users', 'query-users', 'view-realm'] as const;

/** Realm settings the embedded issuer implements too (KEYCLOAK-NOTES.md, CONFORMANCE.md). */
export const expectedSettings: Record<string, Json> = {
  realm: realmName,
  enabled: true,
  registrationAllowed: false,
  registrationEmailAsUsername: true,
  loginWithEmailAllowed: true,
  duplicateEmailsAllowed: false,
  verifyEmail: false,
  passwordPolicy: 'length(8)',
  bruteForceProtected: true,
  permanentLockout: false,
  failureFactor: 5,
  waitIncrementSeconds: 60,
  // Two failures less than a second apart lock the account for a minute at once.
  quickLoginCheckMilliSeconds: 1000,
  minimumQuickLoginWaitSeconds: 60,
  maxFailureWaitSeconds: 900,
  maxDeltaTimeSeconds: 43_200,
  accessTokenLifespan: 300,
  ssoSessionIdleTimeout: 1800,
  ssoSessionMaxLifespan: 36000,
  offlineSessionIdleTimeout: 2_592_000,
  offlineSessionMaxLifespanEnabled: false,
  revokeRefreshToken: true,
  refreshTokenMaxReuse: 0,
  defaultSignatureAlgorithm: 'RS256',
};

function client(realm: JsonObject, clientId: string): JsonObject | undefined {
  return objects(realm.clients).find((candidate) => candidate.clientId === clientId);
}

function webClientProblems(web: JsonObject): string[] {
  const problems: string[] = [];
  if (web.publicClient !== true) problems.push('client web must be public');
  if (web.directAccessGrantsEnabled !== true) problems.push('client web must allow direct access grants');
  if (web.implicitFlowEnabled === true) problems.push('client web must not allow the implicit flow');
  const origins = strings(web.webOrigins);
  if (origins.length === 0) problems.push('client web needs explicit web origins (CORS)');
  if (origins.includes('*')) problems.push('client web must not allow every origin (*)');
  if (!strings(web.optionalClientScopes).includes('offline_access')) {
    problems.push('client web needs offline_access as an optional scope');
  }
  for (const scope of ['profile', 'email', 'roles', 'basic']) {
    if (!strings(web.defaultClientScopes).includes(scope))
      problems.push(`client web needs default scope ${scope}`);
  }
  const audience = objects(web.protocolMappers).find(
    (mapper) =>
      mapper.protocolMapper === 'oidc-audience-mapper' &&
      isObject(mapper.config) &&
      mapper.config['included.client.audience'] === apiClientId &&
      mapper.config['access.token.claim'] === 'true',
  );
  if (!audience)
    problems.push(`client web needs an audience mapper putting ${apiClientId} into access tokens`);
  return problems;
}

function apiClientProblems(api: JsonObject): string[] {
  const problems: string[] = [];
  if (api.publicClient !== false) problems.push(`client ${apiClientId} must be confidential`);
  if (api.serviceAccountsEnabled !== true) problems.push(`client ${apiClientId} needs a service account`);
  if (api.directAccessGrantsEnabled === true || api.standardFlowEnabled === true) {
    problems.push(`client ${apiClientId} must not allow user sign-in flows`);
  }
  // A default would be the secret of every installation that forgets the variable; an empty one is worse
  // still: Keycloak accepts an empty client_secret for a client whose secret is empty. (Without default,
  // a missing variable leaves the placeholder text as the secret: the deployment must require it.)
  if (typeof api.secret !== 'string' || !/^\$\{[A-Z0-9_]+\}$/.test(api.secret)) {
    problems.push(
      `client ${apiClientId} must take its secret from an environment placeholder without default`,
    );
  }
  return problems;
}

function roleProblems(realm: JsonObject): string[] {
  const problems: string[] = [];
  const roles = isObject(realm.roles) ? objects(realm.roles.realm) : [];
  const names = roles.map((role) => role.name);
  for (const role of realmRoles) if (!names.includes(role)) problems.push(`realm role ${role} is missing`);
  const defaultRoleName = isObject(realm.defaultRole) ? realm.defaultRole.name : undefined;
  const defaultRole = roles.find((role) => role.name === defaultRoleName);
  const composites =
    defaultRole && isObject(defaultRole.composites) ? strings(defaultRole.composites.realm) : [];
  for (const role of ['client', 'offline_access']) {
    if (!composites.includes(role)) problems.push(`the default role must include ${role}`);
  }
  return problems;
}

function userProblems(realm: JsonObject, production: boolean): string[] {
  const problems: string[] = [];
  const users = objects(realm.users);
  const defaultRoleName = isObject(realm.defaultRole) ? realm.defaultRole.name : undefined;
  const serviceAccount = users.find((user) => user.serviceAccountClientId === apiClientId);
  const granted =
    serviceAccount && isObject(serviceAccount.clientRoles)
      ? strings(serviceAccount.clientRoles['realm-management'])
      : [];
  for (const role of serviceAccountRoles) {
    if (!granted.includes(role))
      problems.push(`the ${apiClientId} service account needs realm-management ${role}`);
  }
  for (const user of users) {
    if (user.serviceAccountClientId !== undefined) continue;
    const label = `user ${String(user.username)}`;
    if (production) {
      problems.push(`${label} must not be in the production realm`);
      continue;
    }
    if (typeof user.username !== 'string' || !user.username.endsWith(demoDomain)) {
      problems.push(`${label}: only demo accounts (${demoDomain}) belong in the realm file`);
    }
    // Keycloak refuses the password grant of users missing these ("Account is not fully set up").
    for (const field of ['email', 'firstName', 'lastName']) {
      if (typeof user[field] !== 'string' || user[field] === '') problems.push(`${label} needs ${field}`);
    }
    if (user.email !== user.username) problems.push(`${label}: the username must be the e-mail address`);
    if (user.emailVerified !== true) problems.push(`${label} must have a verified e-mail address`);
    // The import gives the users it creates only the roles listed, not the realm's default role: without
    // it a demo account has no `client` and no `offline_access`, and the web app's sign-in is refused
    // ("Offline tokens not allowed for the user or client").
    if (typeof defaultRoleName !== 'string' || !strings(user.realmRoles).includes(defaultRoleName)) {
      problems.push(`${label} must list the default role ${String(defaultRoleName)} (the import adds none)`);
    }
    const credentials = objects(user.credentials);
    if (credentials.length !== 1 || credentials[0]?.temporary !== false) {
      problems.push(`${label} needs one permanent password`);
    }
  }
  return problems;
}

/** Everything wrong with a realm file (empty when the app can run on it). */
export function realmProblems(realm: Json, options: { production: boolean }): string[] {
  if (!isObject(realm)) return ['the realm file is not a JSON object'];
  const problems: string[] = [];
  for (const [key, value] of Object.entries(expectedSettings)) {
    if (realm[key] !== value)
      problems.push(`${key} must be ${JSON.stringify(value)}, is ${JSON.stringify(realm[key])}`);
  }
  if (realm.components !== undefined) {
    problems.push('components must be left out (Keycloak then skips generating the realm keys)');
  }
  const web = client(realm, webClientId);
  if (web) problems.push(...webClientProblems(web));
  else problems.push('client web is missing');
  const api = client(realm, apiClientId);
  if (api) problems.push(...apiClientProblems(api));
  else problems.push(`client ${apiClientId} is missing`);
  problems.push(...roleProblems(realm), ...userProblems(realm, options.production));
  return problems;
}

/** The production realm is the development one without the demo accounts, nothing else. */
export function withoutDemoUsers(realm: Json): Json {
  if (!isObject(realm)) return realm;
  return {
    ...realm,
    users: objects(realm.users).filter(
      (user) => !(typeof user.username === 'string' && user.username.endsWith(demoDomain)),
    ),
  };
}

export function parseRealm(text: string): Json {
  return JSON.parse(text) as Json;
}
