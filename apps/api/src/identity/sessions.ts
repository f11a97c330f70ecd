import { randomUUID } from 'node:crypto';
import { type DbExecutor, identitySessions, identityUsers } from '@opora/db';
import { and, eq, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { RealmSettings } from './realm.ts';

export type IdentitySession = typeof identitySessions.$inferSelect;

/**
 * Session bookkeeping (a login's new session, a refresh's rotation) commits without waiting for the disk
 * flush, as Keycloak batches its session writes: a database crash can lose the last fraction of a second
 * of them, which at worst signs those people out. Waiting for the flush made every refresh cost a disk
 * sync. Logout and reuse revocation stay fully durable.
 *
 * Each of these writes is one statement in its own implicit transaction: `set_config(…, true)` in its
 * RETURNING list (evaluated for every written row, before the commit) turns `synchronous_commit` off
 * for that transaction only — what `BEGIN; SET LOCAL …; …; COMMIT` did in four round trips.
 */
const noFlushWait = sql<string>`set_config('synchronous_commit', 'off', true)`;

/**
 * The token endpoint's statements, prepared once per database (drizzle builds the SQL once; PostgreSQL
 * parses and plans each once per connection).
 */
export function preparedPerDatabase<T>(build: (db: DbExecutor) => T): (db: DbExecutor) => T {
  const cache = new WeakMap<DbExecutor, T>();
  return (db) => {
    let prepared = cache.get(db);
    if (prepared === undefined) {
      prepared = build(db);
      cache.set(db, prepared);
    }
    return prepared;
  };
}

const statements = preparedPerDatabase((db) => ({
  insert: db
    .insert(identitySessions)
    .values({
      id: sql.placeholder('id'),
      userId: sql.placeholder('userId'),
      clientId: sql.placeholder('clientId'),
      offline: sql.placeholder('offline'),
      scope: sql.placeholder('scope'),
      startedAt: sql.placeholder('now'),
      lastRefreshAt: sql.placeholder('now'),
      currentRefreshJti: sql.placeholder('refreshJti'),
    })
    .returning({ noFlushWait })
    .prepare('identity_session_insert'),
  findWithUser: db
    .select({ session: identitySessions, user: identityUsers })
    .from(identitySessions)
    .innerJoin(identityUsers, eq(identityUsers.id, identitySessions.userId))
    .where(eq(identitySessions.id, sql.placeholder('sessionId')))
    .prepare('identity_session_find_with_user'),
  rotate: db
    .update(identitySessions)
    .set({
      currentRefreshJti: sql`${sql.placeholder('nextJti')}`,
      lastRefreshAt: sql`${sql.placeholder('now')}`,
    })
    .where(
      and(
        eq(identitySessions.id, sql.placeholder('sessionId')),
        eq(identitySessions.currentRefreshJti, sql.placeholder('presentedJti')),
      ),
    )
    .returning({ noFlushWait })
    .prepare('identity_session_rotate'),
  touch: db
    .update(identitySessions)
    .set({
      currentRefreshJti: sql`${sql.placeholder('nextJti')}`,
      lastRefreshAt: sql`${sql.placeholder('now')}`,
    })
    .where(eq(identitySessions.id, sql.placeholder('sessionId')))
    .returning({ noFlushWait })
    .prepare('identity_session_touch'),
}));

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
  const row: IdentitySession = {
    id: randomUUID(),
    userId: session.userId,
    clientId: session.clientId,
    offline: session.offline,
    scope: session.scope,
    startedAt: session.now,
    lastRefreshAt: session.now,
    endedAt: null,
    currentRefreshJti: session.refreshJti,
    refreshReuseCount: 0,
  };
  await statements(db).insert.execute({ ...row, now: session.now, refreshJti: session.refreshJti });
  return row;
}

/** A session with its user (null when the user was deleted, which also deletes the session). */
export async function findSessionWithUser(db: DbExecutor, sessionId: string) {
  const [row] = await statements(db).findWithUser.execute({ sessionId });
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
  const rows = await statements(db).rotate.execute({ sessionId, presentedJti, nextJti, now });
  return rows.length === 1;
}

/** Refresh without rotation (realm `revokeRefreshToken: false`): only the idle clock moves. */
export async function touchSession(
  db: DbExecutor,
  sessionId: string,
  nextJti: string,
  now: Date,
): Promise<void> {
  await statements(db).touch.execute({ sessionId, nextJti, now });
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
