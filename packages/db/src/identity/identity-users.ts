import type { DbExecutor } from '../client.ts';
import { identityCredentials, identityUsers } from '../schema/identity.ts';

export interface NewIdentityUser {
  /** Fixed id (demo seed); a random one otherwise. */
  id?: string;
  email: string;
  /** Login name; default the e-mail address. Stored lower-cased. */
  username?: string;
  firstName: string | null;
  lastName: string | null;
  /** argon2id PHC string of the password. */
  passwordHash: string;
  emailVerified?: boolean;
  enabled?: boolean;
  realmRoles?: string[];
  requiredActions?: string[];
}

/**
 * Inserts an identity user with a password credential. Username (by default the e-mail address) and
 * e-mail are stored lower-cased, as Keycloak stores them. Returns undefined when the id, username or e-mail exists already.
 */
export async function insertIdentityUser(
  db: DbExecutor,
  user: NewIdentityUser,
): Promise<{ id: string } | undefined> {
  const email = user.email.toLowerCase();
  const [row] = await db
    .insert(identityUsers)
    .values({
      ...(user.id ? { id: user.id } : {}),
      username: (user.username ?? email).toLowerCase(),
      email,
      emailVerified: user.emailVerified ?? false,
      firstName: user.firstName,
      lastName: user.lastName,
      enabled: user.enabled ?? true,
      realmRoles: user.realmRoles ?? ['client'],
      requiredActions: user.requiredActions ?? [],
    })
    .onConflictDoNothing()
    .returning({ id: identityUsers.id });
  if (!row) return undefined;
  await db.insert(identityCredentials).values({ userId: row.id, passwordHash: user.passwordHash });
  return row;
}
