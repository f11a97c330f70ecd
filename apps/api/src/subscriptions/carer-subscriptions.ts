import {
  type CarerSearchQuery,
  CarerSearchQuerySchema,
  type CarerSearchResult,
  type CarerSubscriptions,
  type FreePlanGrant,
  fullName,
} from '@opora/contracts';
import {
  type Db,
  type DbExecutor,
  freePlanGrants,
  payments,
  subscriptions,
  subscriptionTypes,
  users,
} from '@opora/db';
import { and, asc, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Principal } from '../platform/auth.ts';
import { NotFoundError } from '../platform/errors.ts';
import { recordStaffAction, staffActor } from '../staff-audit/record-staff-action.ts';
import { isLive } from './active-subscription.ts';

/** The payments listed in a person's summary, newest first. */
const recentPayments = 10;

/** `%`, `_` and `\` typed in the address are text, not patterns. */
const likePrefix = (value: string) => `${value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * `GET /admin/subscriptions?email=`: people whose e-mail starts with the text (case ignored), by e-mail,
 * a page at a time — never everyone (at least 3 characters). Names and e-mails only: their plans are
 * opened one person at a time, and audited.
 */
export async function searchCarers(db: DbExecutor, query: CarerSearchQuery): Promise<CarerSearchResult> {
  const { email, after, limit } = CarerSearchQuerySchema.parse(query);
  const lowerEmail = sql<string>`lower(${users.email})`;
  const rows = await db
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      registeredAt: users.createdAt,
      key: lowerEmail,
    })
    .from(users)
    .where(
      and(
        isNotNull(users.email),
        isNull(users.anonymisedAt),
        sql`${lowerEmail} like ${likePrefix(email)} escape '\\'`,
        after === undefined ? undefined : gt(lowerEmail, after.toLowerCase()),
      ),
    )
    .orderBy(asc(lowerEmail))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    items: page.map((row) => ({
      userId: row.userId,
      email: row.email ?? '',
      name: fullName(row),
      registeredAt: row.registeredAt.toISOString(),
    })),
    nextAfter: rows.length > limit ? (page.at(-1)?.key ?? null) : null,
  };
}

type GrantRow = typeof freePlanGrants.$inferSelect;

function toGrant(row: GrantRow): FreePlanGrant {
  return {
    id: row.id,
    reason: row.reason,
    note: row.note,
    endsOn: row.endsOn,
    grantedAt: row.grantedAt.toISOString(),
    grantedBy: row.grantedByName,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    revokedBy: row.revokedByName,
    revokeReason: row.revokeReason,
  };
}

/** A person's account, subscriptions (newest first, Opora's free plans with their grant) and payments. */
export async function readCarerSubscriptions(db: DbExecutor, userId: string): Promise<CarerSubscriptions> {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      locale: users.locale,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(and(eq(users.id, userId), isNotNull(users.email)));
  if (!user) throw new NotFoundError();

  const rows = await db
    .select({
      subscription: subscriptions,
      plan: subscriptionTypes.code,
      live: sql<boolean>`${isLive}`,
      grant: freePlanGrants,
    })
    .from(subscriptions)
    .innerJoin(subscriptionTypes, eq(subscriptionTypes.id, subscriptions.subscriptionTypeId))
    .leftJoin(freePlanGrants, eq(freePlanGrants.subscriptionId, subscriptions.id))
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.startedAt), desc(subscriptions.id));

  const ofUser = sql`${payments.subscriptionId} in (select ${subscriptions.id} from ${subscriptions} where ${subscriptions.userId} = ${userId})`;
  const totals = await db
    .select({
      currency: payments.currency,
      amountMinor: sql<number>`coalesce(sum(${payments.amountMinor}) filter (where ${payments.status} = 'paid'), 0)::int`,
      paidCount: sql<number>`(count(*) filter (where ${payments.status} = 'paid'))::int`,
      failedCount: sql<number>`(count(*) filter (where ${payments.status} = 'failed'))::int`,
      lastPaidAt: sql<string | null>`to_json(max(${payments.paidAt})) #>> '{}'`,
    })
    .from(payments)
    .where(ofUser)
    .groupBy(payments.currency)
    .orderBy(payments.currency);
  const recent = await db
    .select({
      id: payments.id,
      kind: payments.kind,
      status: payments.status,
      amountMinor: payments.amountMinor,
      currency: payments.currency,
      at: sql<Date>`coalesce(${payments.paidAt}, ${payments.createdAt})`.mapWith(payments.createdAt),
      periodEnd: payments.periodEnd,
    })
    .from(payments)
    .where(ofUser)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(recentPayments);

  const lastPaid = totals
    .map((row) => row.lastPaidAt)
    .filter((value): value is string => value !== null)
    .map((value) => new Date(value))
    .sort((a, b) => b.getTime() - a.getTime())[0];
  const current = rows.find((row) => row.live);
  return {
    user: {
      id: user.id,
      email: user.email ?? '',
      name: fullName(user),
      locale: user.locale,
      registeredAt: user.createdAt.toISOString(),
    },
    currentId: current?.subscription.id ?? null,
    subscriptions: rows.map(({ subscription, plan, live, grant }) => ({
      id: subscription.id,
      plan,
      status: subscription.status,
      live,
      price: {
        amountMinor: subscription.amountMinor,
        currency: subscription.currency,
        vatRatePercent: subscription.vatRatePercent,
      },
      gateway: subscription.gateway,
      startedAt: subscription.startedAt.toISOString(),
      currentPeriodEnd: subscription.currentPeriodEnd.toISOString(),
      renews: subscription.autoRenew && subscription.status === 'active',
      cancelledAt: subscription.cancelledAt?.toISOString() ?? null,
      endedAt: subscription.endedAt?.toISOString() ?? null,
      grant: grant ? toGrant(grant) : null,
    })),
    payments: {
      paidCount: totals.reduce((sum, row) => sum + row.paidCount, 0),
      failedCount: totals.reduce((sum, row) => sum + row.failedCount, 0),
      paidTotals: totals
        .filter((row) => row.paidCount > 0)
        .map((row) => ({ amountMinor: row.amountMinor, currency: row.currency })),
      lastPaidAt: lastPaid?.toISOString() ?? null,
      recent: recent.map((row) => ({
        ...row,
        at: row.at.toISOString(),
        periodEnd: row.periodEnd.toISOString(),
      })),
    },
  };
}

/**
 * `GET /admin/subscriptions/{userId}`: a platform administrator opens a person's subscriptions and
 * payments — audited (`subscription-viewed`), in one transaction with the read.
 */
export async function viewCarerSubscriptions(
  db: Db,
  principal: Principal,
  userId: string,
): Promise<CarerSubscriptions> {
  return db.transaction(async (tx) => {
    const view = await readCarerSubscriptions(tx, userId);
    await recordStaffAction(tx, await staffActor(tx, principal), {
      action: 'subscription-viewed',
      recordType: 'user',
      recordId: userId,
      recordLabel: view.user.email,
    });
    return view;
  });
}
