import {
  type DbExecutor,
  identityCredentials,
  identityLoginFailures,
  identitySessions,
  identityUsers,
  insertIdentityUser,
} from '@opora/db';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { type Clock, systemClock } from '../platform/clock.ts';
import { hashPassword } from './passwords.ts';
import { preparedPerDatabase } from './sessions.ts';

export interface NewIdentityUserInput {
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  emailVerified?: boolean;
  /** Default `['client']`. */
  realmRoles?: string[];
}

export class IdentityUserExistsError extends Error {
  override name = 'IdentityUserExistsError';
}

/**
 * Creates a user of the embedded identity server with an argon2id password credential (seed and tests;
 * the app itself goes through the admin API adapter). Throws `IdentityUserExistsError` when the e-mail
 * is taken.
 */
export async function createIdentityUser(
  db: DbExecutor,
  input: NewIdentityUserInput,
): Promise<{ id: string }> {
  const created = await insertIdentityUser(db, {
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    passwordHash: await hashPassword(input.password),
    emailVerified: input.emailVerified ?? false,
    realmRoles: input.realmRoles ?? ['client'],
  });
  if (!created) throw new IdentityUserExistsError('An identity user with this e-mail exists already');
  return created;
}

export type IdentityUser = typeof identityUsers.$inferSelect;

export interface LoginCandidate {
  user: IdentityUser;
  passwordHash: string | null;
  lockedUntil: Date | null;
  /** A brute-force record exists (a successful login deletes it). */
  hasLoginFailures: boolean;
}

function loginCandidateQuery(db: DbExecutor, byEmail: boolean) {
  const name = sql.placeholder('name');
  return (
    db
      .select({
        user: identityUsers,
        passwordHash: identityCredentials.passwordHash,
        lockedUntil: identityLoginFailures.lockedUntil,
        hasLoginFailures: sql<boolean>`${identityLoginFailures.userId} is not null`,
      })
      .from(identityUsers)
      .leftJoin(identityCredentials, eq(identityCredentials.userId, identityUsers.id))
      .leftJoin(identityLoginFailures, eq(identityLoginFailures.userId, identityUsers.id))
      .where(
        byEmail
          ? or(sql`lower(${identityUsers.email}) = ${name}`, eq(identityUsers.username, name))
          : eq(identityUsers.username, name),
      )
      // An e-mail match wins over a username that happens to equal another user's address.
      .orderBy(sql`lower(${identityUsers.email}) = ${name} desc`)
      .limit(1)
  );
}

const loginCandidateStatements = preparedPerDatabase((db) => ({
  byUsername: loginCandidateQuery(db, false).prepare('identity_login_candidate_by_username'),
  byUsernameOrEmail: loginCandidateQuery(db, true).prepare('identity_login_candidate_by_username_or_email'),
}));

/**
 * The user a login name designates: by username, or by e-mail when it contains `@` (Keycloak's
 * `findUserByNameOrEmail` with login by e-mail allowed), with the password hash and lockout state.
 */
export async function findLoginCandidate(
  db: DbExecutor,
  loginName: string,
): Promise<LoginCandidate | undefined> {
  const name = loginName.toLowerCase();
  const statements = loginCandidateStatements(db);
  const [row] = await (name.includes('@') ? statements.byUsernameOrEmail : statements.byUsername).execute({
    name,
  });
  return row;
}

/**
 * Keycloak's admin "log out all sessions of the user": ends the online sessions and moves the user's
 * not-before to now, so offline refresh tokens issued earlier fail with "Stale token" and the next
 * token response reports the new `not-before-policy`.
 */
export async function logoutAllSessions(
  db: DbExecutor,
  userId: string,
  now: Clock = systemClock,
): Promise<void> {
  const notBefore = now();
  await db.transaction(async (tx) => {
    await tx.update(identityUsers).set({ notBefore }).where(eq(identityUsers.id, userId));
    await tx
      .update(identitySessions)
      .set({ endedAt: notBefore })
      .where(
        and(
          eq(identitySessions.userId, userId),
          eq(identitySessions.offline, false),
          isNull(identitySessions.endedAt),
        ),
      );
  });
}
