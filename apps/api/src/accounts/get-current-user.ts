import { type CurrentUser, fullName, permissionLinksForRoles, todayIsoDate } from '@opora/contracts';
import { type Db, subscriptions, subscriptionTypes, users } from '@opora/db';
import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Principal } from '../platform/auth.ts';
import { UnauthorizedError } from '../platform/errors.ts';

/** The live subscription (active or awaiting payment), with the day it renews or ends. */
async function currentSubscription(db: Db, userId: string): Promise<CurrentUser['subscription']> {
  const [row] = await db
    .select({ type: subscriptionTypes.code, currentPeriodEnd: subscriptions.currentPeriodEnd })
    .from(subscriptions)
    .innerJoin(subscriptionTypes, eq(subscriptionTypes.id, subscriptions.subscriptionTypeId))
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ['active', 'past-due'])))
    .orderBy(desc(subscriptions.currentPeriodEnd))
    .limit(1);
  return row ? { type: row.type, endDate: todayIsoDate(row.currentPeriodEnd) } : null;
}

/** How often a visit moves `last_sign_in_at` on: a page load reads `/users/me`, most change nothing. */
const signInRecordInterval = sql`interval '10 minutes'`;

/**
 * Records the signed-in visit (the team overview's "last sign-in", decision 0115): the web app reads
 * `/users/me` right after signing in and on each page load, and the identity server (Keycloak in
 * production) tells the API nothing of sign-ins itself.
 */
async function recordSignIn(db: Db, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ lastSignInAt: sql`now()` })
    .where(
      and(
        eq(users.id, userId),
        or(isNull(users.lastSignInAt), lt(users.lastSignInAt, sql`now() - ${signInRecordInterval}`)),
      ),
    );
}

/**
 * `GET /users/me` (SPEC §3): the signed-in person, what they may do (permission links), their
 * subscription and whether the e-mail address still waits for confirmation.
 */
export async function getCurrentUser(db: Db, principal: Principal): Promise<CurrentUser> {
  const [user] = await db.select().from(users).where(eq(users.id, principal.userId)).limit(1);
  // The account was anonymised between the permission check and this read.
  if (!user || user.email === null) throw new UnauthorizedError();
  const [subscription] = await Promise.all([
    currentSubscription(db, user.id),
    user.lastSignInAt && Date.now() - user.lastSignInAt.getTime() < 600_000
      ? undefined
      : recordSignIn(db, user.id),
  ]);
  const firstName = user.firstName ?? '';
  const lastName = user.lastName ?? '';
  return {
    id: principal.subject,
    firstName,
    lastName,
    fullName: fullName({ firstName, lastName }),
    userName: user.email,
    email: user.email,
    phone: user.phone,
    locale: user.locale,
    roles: principal.roles,
    permissions: permissionLinksForRoles(principal.roles),
    subscription,
    emailConfirmationPending: user.emailVerifiedAt === null,
  };
}
