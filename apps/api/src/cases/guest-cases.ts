import { randomBytes } from 'node:crypto';
import {
  type Case,
  type CaseSurveyType,
  caseSurveyTypes,
  type GuestCase,
  type GuestCaseCreate,
  type GuestCaseCreated,
  guestCaseRetentionDays,
  healthDataConsentVersion,
  initialServiceLevel,
} from '@opora/contracts';
import { cases, consents, type Db, type DbExecutor, surveyAnswers } from '@opora/db';
import { and, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { ConflictError, NotFoundError } from '../platform/errors.ts';
import { backgroundWork, defineQueue } from '../platform/jobs.ts';
import { readCase } from './case-views.ts';
import { findGuestCase, hashGuestSecret, isGuestSecret } from './own-case.ts';

const retentionMs = guestCaseRetentionDays * 24 * 60 * 60 * 1000;

/** A guest case as the guest reads it: no owner, no client; where its questionnaires stand. */
export async function readGuestCase(db: DbExecutor, row: typeof cases.$inferSelect): Promise<GuestCase> {
  const answered = await db
    .select({ type: surveyAnswers.surveyType, submittedAt: surveyAnswers.submittedAt })
    .from(surveyAnswers)
    .where(eq(surveyAnswers.caseId, row.id));
  const states = new Map(answered.map((each) => [each.type, each.submittedAt !== null]));
  return {
    id: row.id,
    code: row.code,
    date: row.date,
    name: row.name,
    createdDate: row.createdAt.toISOString(),
    expiresAt: new Date(row.createdAt.getTime() + retentionMs).toISOString(),
    consentedAt: (row.guestConsentedAt ?? row.createdAt).toISOString(),
    surveys: caseSurveyTypes.map((type: CaseSurveyType) => {
      const submitted = states.get(type);
      return { type, state: submitted === undefined ? 'not-started' : submitted ? 'completed' : 'draft' };
    }),
  };
}

/**
 * Opens a guest's case (anonymous wizard) with the guest's health-data consent, and answers the
 * secret that holds it — made here, 32 random bytes, kept only as its SHA-256. A repeat with the same
 * `creationKey` (a retry after a lost answer, a double submit) answers the same case, with a new
 * secret, while nothing is saved in it yet (the earlier secret stops working: no answer can depend on
 * it); once answers are stored the secret is the only key and a repeat is 409 `Conflict`. Repeats of
 * one key take turns on a transaction-scoped advisory lock: the unique index of creation keys is per
 * owner, and a guest has none.
 */
export async function createGuestCase(db: Db, input: GuestCaseCreate): Promise<GuestCaseCreated> {
  const secret = randomBytes(32).toString('base64url');
  const guestSecretHash = hashGuestSecret(secret);
  return db.transaction(async (tx) => {
    // A lock on a key, no table: raw SQL with nothing of the schema to check.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${input.creationKey}, 7041))`);
    const [earlier] = await tx
      .select()
      .from(cases)
      .where(
        and(
          eq(cases.creationKey, input.creationKey),
          isNull(cases.ownerUserId),
          isNotNull(cases.guestSecretHash),
        ),
      );
    if (earlier) {
      const [answered] = await tx
        .select({ id: surveyAnswers.id })
        .from(surveyAnswers)
        .where(eq(surveyAnswers.caseId, earlier.id))
        .limit(1);
      if (answered) {
        throw new ConflictError(
          'This questionnaire was started already; only the browser that started it can open it.',
        );
      }
      const [updated] = await tx
        .update(cases)
        .set({ guestSecretHash })
        .where(eq(cases.id, earlier.id))
        .returning();
      if (!updated) throw new Error('A locked guest case disappeared');
      return { case: await readGuestCase(tx, updated), secret };
    }
    const [created] = await tx
      .insert(cases)
      .values({
        date: input.date,
        name: input.name,
        fcServiceLevel: initialServiceLevel,
        ownerUserId: null,
        creationKey: input.creationKey,
        guestSecretHash,
        guestConsentedAt: sql`now()`,
        guestConsentVersion: healthDataConsentVersion,
      })
      .returning();
    if (!created) throw new Error('Insert returned no row');
    return { case: await readGuestCase(tx, created), secret };
  });
}

/** `GET /guest-cases/{caseId}` with the guest's secret. */
export async function getGuestCase(db: Db, caseId: string, secret: string | undefined): Promise<GuestCase> {
  return readGuestCase(db, await findGuestCase(db, caseId, secret));
}

/**
 * The signed-in caller takes over a guest case they hold the secret of, in one transaction on the
 * locked row: the owner set, the secret and the creation key cleared (the secret opens nothing any
 * more), and the guest's health-data consent recorded as the caller's — when and to which text
 * version it was given, for the case's answers (`case_id`; the client is not known yet: the client
 * form records the client's own consent as always). The answers stay with the case. A repeat by the
 * same caller answers the case again (its secret is spent, the case is theirs); anyone else 404.
 * Concurrent claims take turns on the row lock: the first one wins, the others find no guest case.
 */
export async function claimGuestCase(
  db: Db,
  userId: string,
  caseId: string,
  secret: string | undefined,
): Promise<Case> {
  const claimed = await db.transaction(async (tx) => {
    const guestCase = await findGuestCase(tx, caseId, secret, { forUpdate: true }).catch((error: unknown) => {
      if (error instanceof NotFoundError) return null;
      throw error;
    });
    if (!guestCase) return false;
    await tx
      .update(cases)
      .set({ ownerUserId: userId, guestSecretHash: null, creationKey: null })
      .where(eq(cases.id, guestCase.id));
    await tx.insert(consents).values({
      userId,
      onBehalfOfClientId: null,
      caseId: guestCase.id,
      kind: 'health-data',
      version: guestCase.guestConsentVersion ?? healthDataConsentVersion,
      grantedAt: guestCase.guestConsentedAt ?? guestCase.createdAt,
    });
    return true;
  });
  // Not a guest case (any more) for this secret: the caller's own case answers as a repeat would.
  if (!claimed && !isGuestSecret(secret)) throw new NotFoundError();
  return readCase(db, userId, caseId);
}

/** Guest cases deleted per statement, so one sweep never holds many rows locked. */
const cleanupBatch = 500;

/**
 * Deletes the guest cases nobody claimed within `guestCaseRetentionDays` of their start, with their
 * answers (foreign keys cascade) — the retention rule the guest's page states. Returns how many.
 */
export async function deleteExpiredGuestCases(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionMs);
  let deleted = 0;
  for (;;) {
    const rows = await db
      .delete(cases)
      .where(
        inArray(
          cases.id,
          db
            .select({ id: cases.id })
            .from(cases)
            .where(
              and(isNull(cases.ownerUserId), isNotNull(cases.guestSecretHash), lte(cases.createdAt, cutoff)),
            )
            .limit(cleanupBatch),
        ),
      )
      .returning({ id: cases.id });
    deleted += rows.length;
    if (rows.length < cleanupBatch) return deleted;
  }
}

export const guestCaseCleanupQueue = defineQueue<Record<string, never>>('guest-case-cleanup', {
  retryLimit: 0,
  retryDelaySeconds: 60,
  retryDelayMaxSeconds: 60,
  expireInSeconds: 600,
  concurrency: 1,
});

/** guest-case-cleanup: hourly (pg-boss cron), guest cases older than the retention period deleted. */
export const guestCaseCleanup = {
  ...backgroundWork(guestCaseCleanupQueue, async (app) => {
    const deleted = await deleteExpiredGuestCases(app.db);
    app.log.info({ deleted }, 'expired guest cases deleted');
  }),
  cron: '17 * * * *',
};
