/**
 * The embedded, Keycloak-compatible identity server (realm `opora` at `/realms/{realm}`).
 *
 * For the other modules:
 * - `identityPlugin` — registered by `buildApp` when `config.identity.embedded`; decorates
 *   `app.identityIssuer` (keys, clock, clients) for `verifyAdminToken` and the admin subset.
 * - `issuerUrl(config)` — the `iss` of every token.
 * - `createIdentityUser(db, { email, firstName, lastName, password, … })` → `{ id }` (seed, tests).
 * - `localJwks(db)` — `jose` key getter over the database keys, for in-process token verification.
 * - `issuerKeys(config, db)` — the keys the API verifies access tokens with: `localJwks` when embedded,
 *   Keycloak's JWKS endpoint otherwise.
 * - `verifyAdminToken(request)` → `{ clientId, subject, roles } | null` — for the admin subset: checks the
 *   bearer access token (signature, issuer, expiry, `typ: Bearer`) and returns the calling client and its
 *   `realm-management` roles (the `opora-api` service account has `adminServiceAccountRoles`); null when
 *   the token is missing or invalid (answer 401).
 * - `logoutAllSessions(db, userId, now?)` — Keycloak's admin "log out all sessions": ends online
 *   sessions and sets the user's not-before (offline tokens then fail with "Stale token").
 * - `clearLoginFailures(db, userId)` — Keycloak's `DELETE attack-detection/brute-force/users/{id}`.
 * - `hashPassword(password)` — argon2id as the issuer stores it (reset-password in the admin subset).
 */
export { type AdminPrincipal, verifyAdminToken } from './admin-token.ts';
export { clearLoginFailures } from './brute-force.ts';
export { type IdentityIssuer, type IdentityPluginOptions, identityPlugin } from './identity-plugin.ts';
export {
  createIdentityUser,
  IdentityUserExistsError,
  logoutAllSessions,
  type NewIdentityUserInput,
} from './identity-users.ts';
export { issuerKeys } from './issuer-keys.ts';
export { hashPassword } from './passwords.ts';
export { adminServiceAccountRoles, issuerUrl } from './realm.ts';
export { localJwks, rotateSigningKeys } from './signing-keys.ts';
