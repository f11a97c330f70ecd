import { type DbExecutor, identitySessions, identityUsers } from '@opora/db';
import { and, eq, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { RealmSettings } from './realm.ts';

export type IdentitySession = typeof identitySessions.$inferSelect;

/**
 * Runs session bookkeeping (a login's new session, a refresh's rotation) in a transaction that commits
 * without waiting for the disk flush, as Keycloak batches its session writes: a database crash can lose
 * the last fraction of a second of them, which at worst signs those people out. Waiting for the flush
 * made every refresh cost a disk sync. Logout and reuse revocation stay fully durable.
 */
function withoutFlushWait<T>(db: DbExecutor, work: (tx: DbExecutor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local synchronous_commit = off`);
    return work(tx);
  });
}

export async function startSession(
  db: DbExecutor,
  session: {
    userId: string;
    clientId: string;
    offline: boolean;
    scope: string;
    refreshJti: string;
    now: Date;
  },
): Promise<IdentitySession> {
  const [row] = await withoutFlushWait(db, (tx) =>
    tx
      .insert(identitySessions)
      .values({
        userId: session.userId,
        clientId: session.clientId,
        offline: session.offline,
        scope: session.scope,
        startedAt: session.now,
        lastRefreshAt: session.now,
        currentRefreshJti: session.refreshJti,
      })
      .returning(),
  );
  if (!row) throw new Error('Session insert returned no row');
  return row;
}

/** A session with its user (null when the user was deleted, which also deletes the session). */
export async function findSessionWithUser(db: DbExecutor, sessionId: string) {
  const [row] = await db
    .select({ session: identitySessions, user: identityUsers })
    .from(identitySessions)
    .innerJoin(identityUsers, eq(identityUsers.id, identitySessions.userId))
    .where(eq(identitySessions.id, sessionId));
  return row;
}

/** When an online session's refresh token stops working: idle timeout or maximum lifespan, whichever first. */
export function onlineSessionExpiry(session: IdentitySession, realm: RealmSettings): Date {
  return new Date(
    Math.min(
      session.lastRefreshAt.getTime() + realm.ssoSessionIdleTimeout * 1000,
      session.startedAt.getTime() + realm.ssoSessionMaxLifespan * 1000,
    ),
  );
}

export function isSessionValid(session: IdentitySession, realm: RealmSettings, now: Date): boolean {
  if (session.endedAt !== null) return false;
  if (session.offline) {
    return session.lastRefreshAt.getTime() + realm.offlineSessionIdleTimeout * 1000 > now.getTime();
  }
  return onlineSessionExpiry(session, realm).getTime() > now.getTime();
}

/**
 * Rotation: moves the session to a new refresh token only if the presented one is still the current
 * one, atomically, so two requests racing with the same token cannot both succeed.
 */
export async function rotateRefreshToken(
  db: DbExecutor,
  sessionId: string,
  presentedJti: string,
  nextJti: string,
  now: Date,
): Promise<boolean> {
  const rows = await withoutFlushWait(db, (tx) =>
    tx
      .update(identitySessions)
      .set({ currentRefreshJti: nextJti, lastRefreshAt: now })
      .where(and(eq(identitySessions.id, sessionId), eq(identitySessions.currentRefreshJti, presentedJti)))
      .returning({ id: identitySessions.id }),
  );
  return rows.length === 1;
}

/** Refresh without rotation (realm `revokeRefreshToken: false`): only the idle clock moves. */
export async function touchSession(
  db: DbExecutor,
  sessionId: string,
  nextJti: string,
  now: Date,
): Promise<void> {
  await withoutFlushWait(db, (tx) =>
    tx
      .update(identitySessions)
      .set({ currentRefreshJti: nextJti, lastRefreshAt: now })
      .where(eq(identitySessions.id, sessionId)),
  );
}

/** A replayed refresh token: the session is revoked, as Keycloak detaches the client session. */
export async function revokeReusedSession(db: DbExecutor, sessionId: string, now: Date): Promise<void> {
  await db
    .update(identitySessions)
    .set({ endedAt: now, refreshReuseCount: sql`${identitySessions.refreshReuseCount} + 1` })
    .where(eq(identitySessions.id, sessionId));
}

export async function endSession(db: DbExecutor, sessionId: string, now: Date): Promise<void> {
  await db
    .update(identitySessions)
    .set({ endedAt: now })
    .where(and(eq(identitySessions.id, sessionId), sql`${identitySessions.endedAt} is null`));
}

/**
 * Deletes sessions that can no longer be used: ended or expired for a day (kept that long so a replay
 * still gets Keycloak's precise error rather than "session not found").
 */
export async function purgeSessions(db: DbExecutor, realm: RealmSettings, now: Date): Promise<number> {
  const day = 86_400_000;
  const before = (milliseconds: number) => new Date(now.getTime() - milliseconds);
  const rows = await db
    .delete(identitySessions)
    .where(
      or(
        and(isNotNull(identitySessions.endedAt), lt(identitySessions.endedAt, before(day))),
        and(
          eq(identitySessions.offline, false),
          or(
            lt(identitySessions.lastRefreshAt, before(realm.ssoSessionIdleTimeout * 1000 + day)),
            lt(identitySessions.startedAt, before(realm.ssoSessionMaxLifespan * 1000 + day)),
          ),
        ),
        and(
          eq(identitySessions.offline, true),
          lt(identitySessions.lastRefreshAt, before(realm.offlineSessionIdleTimeout * 1000 + day)),
        ),
      ),
    )
    .returning({ id: identitySessions.id });
  return rows.length;
}
