import { randomUUID } from 'node:crypto';
import { type DbExecutor, identitySessions, identityUsers } from '@opora/db';
import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
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
  refresh: refreshStatement(db).prepare('identity_session_refresh'),
}));

/**
 * A refresh's lookup and rotation as one statement (one round trip instead of two): the session with
 * its user as they were when the statement started, and whether the session moved to the new refresh
 * token. It moves only if the presented token is still the current one (`presentedJti`; with
 * `anyJti` any) and the session passes every check of the refresh grant, written here over the
 * current row version: ended, offline or not as the token says, idle and maximum lifetime (the
 * cut-offs of `validityCutoffs`), the token's client, the user enabled and not "logged out
 * everywhere" since the token and the session. The caller repeats those checks on the returned
 * snapshot to pick Keycloak's error, so the two must stay the same.
 *
 * The UPDATE sits in a data-modifying CTE: the outer SELECT sees the snapshot from before it, and
 * PostgreSQL re-checks the WHERE on the newest row version when another refresh updated it first, so
 * of two refreshes racing with one token exactly one moves the session.
 */
function refreshStatement(db: DbExecutor) {
  const s = identitySessions;
  const u = identityUsers;
  const rotated = db.$with('rotated').as(
    db
      .update(s)
      .set({
        currentRefreshJti: sql`${sql.placeholder('nextJti')}`,
        lastRefreshAt: sql`${sql.placeholder('now')}`,
      })
      .from(u)
      .where(
        and(
          eq(s.id, sql.placeholder('sessionId')),
          eq(u.id, s.userId),
          sql`(${sql.placeholder('anyJti')}::boolean or ${s.currentRefreshJti} = ${sql.placeholder('presentedJti')})`,
          isNull(s.endedAt),
          eq(s.offline, sql.placeholder('offline')),
          sql`case when ${s.offline} then ${s.lastRefreshAt} > ${sql.placeholder('offlineIdleCutoff')}
            else ${s.lastRefreshAt} > ${sql.placeholder('idleCutoff')} and ${s.startedAt} > ${sql.placeholder('maxCutoff')} end`,
          eq(s.clientId, sql.placeholder('clientId')),
          sql`${u.enabled}`,
          sql`(${u.notBefore} is null or (${u.notBefore} < ${sql.placeholder('notBeforeLimit')} and ${u.notBefore} <= ${s.startedAt}))`,
        ),
      )
      .returning({ id: s.id }),
  );
  return db
    .with(rotated)
    .select({
      // Only what the checks and the tokens read: fewer columns to send and decode per refresh.
      session: {
        id: s.id,
        clientId: s.clientId,
        offline: s.offline,
        startedAt: s.startedAt,
        lastRefreshAt: s.lastRefreshAt,
        endedAt: s.endedAt,
        refreshReuseCount: s.refreshReuseCount,
      },
      user: {
        id: u.id,
        username: u.username,
        email: u.email,
        emailVerified: u.emailVerified,
        firstName: u.firstName,
        lastName: u.lastName,
        enabled: u.enabled,
        realmRoles: u.realmRoles,
        notBefore: u.notBefore,
      },
      moved: sql<boolean>`exists (select from ${rotated})`,
      noFlushWait,
    })
    .from(s)
    .innerJoin(u, eq(u.id, s.userId))
    .where(eq(s.id, sql.placeholder('sessionId')));
}

/** A new session's row (not stored yet: `storeSession`). */
export function newSession(session: {
  userId: string;
  clientId: string;
  offline: boolean;
  scope: string;
  refreshJti: string;
  now: Date;
}): IdentitySession {
  return {
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
}

export async function storeSession(db: DbExecutor, session: IdentitySession): Promise<void> {
  await statements(db).insert.execute({
    ...session,
    now: session.startedAt,
    refreshJti: session.currentRefreshJti,
  });
}

/** A session with its user (null when the user was deleted, which also deletes the session). */
export async function findSessionWithUser(db: DbExecutor, sessionId: string) {
  const [row] = await statements(db).findWithUser.execute({ sessionId });
  return row;
}

/**
 * The instants a session's last activity or start must be after to be valid at `now` (for
 * `isSessionValid` and the refresh statement alike).
 */
export function validityCutoffs(realm: RealmSettings, now: Date) {
  const before = (seconds: number) => new Date(now.getTime() - seconds * 1000);
  return {
    idleCutoff: before(realm.ssoSessionIdleTimeout),
    maxCutoff: before(realm.ssoSessionMaxLifespan),
    offlineIdleCutoff: before(realm.offlineSessionIdleTimeout),
  };
}

/**
 * Refresh with rotation in one statement (see `refreshStatement`): the session and user as they were
 * (undefined when there is no such session) and whether the session moved to `nextJti`. `iat` is the
 * presented token's; a user's not-before at or after its next second makes the token stale.
 */
export async function refreshSession(
  db: DbExecutor,
  input: {
    sessionId: string;
    presentedJti: string | undefined;
    nextJti: string;
    offline: boolean;
    clientId: string;
    iat: number;
    realm: RealmSettings;
    now: Date;
  },
) {
  const [row] = await statements(db).refresh.execute({
    sessionId: input.sessionId,
    anyJti: input.presentedJti === undefined,
    presentedJti: input.presentedJti ?? '',
    nextJti: input.nextJti,
    offline: input.offline,
    clientId: input.clientId,
    notBeforeLimit: new Date((input.iat + 1) * 1000),
    now: input.now,
    ...validityCutoffs(input.realm, input.now),
  });
  return row;
}

/** When an online session's refresh token stops working: idle timeout or maximum lifespan, whichever first. */
export function onlineSessionExpiry(
  session: Pick<IdentitySession, 'lastRefreshAt' | 'startedAt'>,
  realm: RealmSettings,
): Date {
  return new Date(
    Math.min(
      session.lastRefreshAt.getTime() + realm.ssoSessionIdleTimeout * 1000,
      session.startedAt.getTime() + realm.ssoSessionMaxLifespan * 1000,
    ),
  );
}

export function isSessionValid(
  session: Pick<IdentitySession, 'endedAt' | 'offline' | 'lastRefreshAt' | 'startedAt'>,
  realm: RealmSettings,
  now: Date,
): boolean {
  if (session.endedAt !== null) return false;
  const cutoffs = validityCutoffs(realm, now);
  if (session.offline) return session.lastRefreshAt.getTime() > cutoffs.offlineIdleCutoff.getTime();
  return (
    session.lastRefreshAt.getTime() > cutoffs.idleCutoff.getTime() &&
    session.startedAt.getTime() > cutoffs.maxCutoff.getTime()
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
