import { type CurrentUser, fullName, permissionLinksForRoles, todayIsoDate } from '@opora/contracts';
import { type Db, subscriptions, subscriptionTypes, users } from '@opora/db';
import { and, desc, eq, inArray } from 'drizzle-orm';
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

/**
 * `GET /users/me` (SPEC §3): the signed-in person, what they may do (permission links), their
 * subscription and whether the e-mail address still waits for confirmation.
 */
export async function getCurrentUser(db: Db, principal: Principal): Promise<CurrentUser> {
  const [user] = await db.select().from(users).where(eq(users.id, principal.userId)).limit(1);
  // The account was anonymised between the permission check and this read.
  if (!user || user.email === null) throw new UnauthorizedError();
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
    subscription: await currentSubscription(db, user.id),
    emailConfirmationPending: user.emailVerifiedAt === null,
  };
}
