import { createHash, randomBytes } from 'node:crypto';
import type { DbExecutor } from '@opora/db';
import { type UserActionTokenKind, userActionTokens } from '@opora/db';
import { and, eq, exists, gt, isNull, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

/**
 * How long an e-mailed link works. A reset link grants the account, so it lives an hour (long enough to
 * reach the mailbox on another device); a confirmation link only proves the address, so a week.
 */
export const actionTokenLifetimes = {
  'email-confirmation': { days: 7 },
  'password-reset': { hours: 1 },
} as const;

function lifetimeMilliseconds(kind: UserActionTokenKind): number {
  const lifetime = actionTokenLifetimes[kind];
  return 'days' in lifetime ? lifetime.days * 86_400_000 : lifetime.hours * 3_600_000;
}

/** The database keeps only this digest, so a copy of it cannot be used to take over accounts. */
export function hashActionToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * A new single-use token for the user (256 random bits, base64url). Earlier unused tokens of the same
 * kind stop working: only the newest link in the mailbox is valid.
 */
export async function issueActionToken(
  tx: DbExecutor,
  userId: string,
  kind: UserActionTokenKind,
): Promise<string> {
  await revokeActionTokens(tx, userId, kind);
  const token = randomBytes(32).toString('base64url');
  await tx.insert(userActionTokens).values({
    userId,
    kind,
    tokenHash: hashActionToken(token),
    expiresAt: new Date(Date.now() + lifetimeMilliseconds(kind)),
  });
  return token;
}

/**
 * Uses a token up: marks it used and answers its user, or undefined when it is unknown, of another
 * kind, used already or expired. One statement, so two requests with the same token cannot both win.
 */
export async function consumeActionToken(
  tx: DbExecutor,
  token: string,
  kind: UserActionTokenKind,
): Promise<string | undefined> {
  const [row] = await tx
    .update(userActionTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(userActionTokens.tokenHash, hashActionToken(token)),
        eq(userActionTokens.kind, kind),
        isNull(userActionTokens.usedAt),
        gt(userActionTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: userActionTokens.userId });
  return row?.userId;
}

/**
 * Gives a consumed token back when what it was consumed for failed outside the database (the identity
 * server refused or did not answer): the link works again, as if it had not been opened.
 */
export async function releaseActionToken(
  db: DbExecutor,
  token: string,
  kind: UserActionTokenKind,
): Promise<void> {
  await db
    .update(userActionTokens)
    .set({ usedAt: null })
    .where(and(eq(userActionTokens.tokenHash, hashActionToken(token)), eq(userActionTokens.kind, kind)));
}

/** Ends every unused token of a kind (a newer one was sent, or the action happened another way). */
export async function revokeActionTokens(
  tx: DbExecutor,
  userId: string,
  kind: UserActionTokenKind,
): Promise<void> {
  await tx
    .update(userActionTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(userActionTokens.userId, userId),
        eq(userActionTokens.kind, kind),
        isNull(userActionTokens.usedAt),
      ),
    );
}

/** Tokens of a kind issued to the user within the last `seconds` (to throttle e-mails per account). */
export async function countRecentActionTokens(
  tx: DbExecutor,
  userId: string,
  kind: UserActionTokenKind,
  seconds: number,
): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(userActionTokens)
    .where(
      and(
        eq(userActionTokens.userId, userId),
        eq(userActionTokens.kind, kind),
        gt(userActionTokens.createdAt, sql`now() - make_interval(secs => ${seconds})`),
      ),
    );
  return row?.count ?? 0;
}

/**
 * Like `countRecentActionTokens`, but only tokens that replaced an earlier one of the kind: the user's
 * first token (sign-up's confirmation) is not a resend.
 */
export async function countRecentResentTokens(
  tx: DbExecutor,
  userId: string,
  kind: UserActionTokenKind,
  seconds: number,
): Promise<number> {
  const earlier = alias(userActionTokens, 'earlier');
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(userActionTokens)
    .where(
      and(
        eq(userActionTokens.userId, userId),
        eq(userActionTokens.kind, kind),
        gt(userActionTokens.createdAt, sql`now() - make_interval(secs => ${seconds})`),
        exists(
          tx
            .select({ one: sql`1` })
            .from(earlier)
            .where(
              and(
                eq(earlier.userId, userActionTokens.userId),
                eq(earlier.kind, userActionTokens.kind),
                lt(earlier.createdAt, userActionTokens.createdAt),
              ),
            ),
        ),
      ),
    );
  return row?.count ?? 0;
}

/** Pages of the web app the e-mailed links open (WEB reads `token` from the query string). */
export function confirmEmailLink(publicUrl: string, token: string): string {
  return `${publicUrl}/confirm-email?token=${encodeURIComponent(token)}`;
}

export function resetPasswordLink(publicUrl: string, token: string): string {
  return `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
}
