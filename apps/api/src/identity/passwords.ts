import { hash, verify } from '@node-rs/argon2';

// argon2id with the library defaults (19 MiB, 2 passes, 1 lane): OWASP's baseline, ~20–40 ms per
// verification on one core. The seed and the db test factories hash with the same defaults.

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash must refuse the login, not crash the request.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one verification when there is no user (or the user is locked), so response
 * times do not tell which accounts exist (Keycloak's `AuthenticatorUtils.dummyHash`).
 */
export async function verifyDummyPassword(password: string): Promise<void> {
  dummyHash ??= hash('dummy-password-for-timing-equalisation');
  await verifyPassword(await dummyHash, password);
}
