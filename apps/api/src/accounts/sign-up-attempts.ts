import { randomUUID } from 'node:crypto';
import { type Db, type DbExecutor, signUpAttempts, users } from '@opora/db';
import { and, eq, or, sql } from 'drizzle-orm';
import type { IdentityAdmin } from '../platform/identity-admin.ts';
import { backgroundWork, defineQueue, type Jobs } from '../platform/jobs.ts';

/**
 * How long one sign-up holds its address. Longer than a sign-up can take (its identity calls time out
 * after 10 s each); a second attempt within it is refused, a later one may finish or undo the first.
 */
export const signUpLeaseSeconds = 120;

/** Clocks of the identity server and the database may differ by this much. */
const clockSkewMs = 5 * 60_000;

export interface SignUpAttempt {
  email: string;
  attemptId: string;
  /** When the earliest unfinished attempt for the address began. */
  firstStartedAt: Date;
  /** An earlier attempt for the address stopped unfinished: an identity account may be left over. */
  resumed: boolean;
}

interface AttemptContext {
  db: Db;
  jobs: Pick<Jobs, 'send'>;
}

const leaseOver = sql`${signUpAttempts.startedAt} < now() - make_interval(secs => ${signUpLeaseSeconds})`;

/**
 * Takes the address for one sign-up, or answers undefined while another attempt holds it. In the
 * same transaction it schedules the clean-up that removes this attempt's identity account should the
 * attempt never finish (a crash, a database outage after the identity account was made).
 */
export async function beginSignUpAttempt(
  context: AttemptContext,
  email: string,
): Promise<SignUpAttempt | undefined> {
  const attemptId = randomUUID();
  return context.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(signUpAttempts)
      .values({ email, attemptId })
      .onConflictDoUpdate({
        target: signUpAttempts.email,
        set: { attemptId, startedAt: sql`now()` },
        setWhere: leaseOver,
      })
      .returning();
    if (!row) return undefined;
    await context.jobs.send(
      tx,
      abandonedSignUpQueue,
      { attemptId },
      { startAfterSeconds: signUpLeaseSeconds + 30 },
    );
    return {
      email,
      attemptId,
      firstStartedAt: row.firstStartedAt,
      // A new row starts both instants with the same now(); a taken-over row keeps its first start.
      resumed: row.firstStartedAt.getTime() < row.startedAt.getTime(),
    };
  });
}

/** Ends the attempt (it finished, or nothing of it is left); false when it no longer holds the address. */
export async function endSignUpAttempt(tx: DbExecutor, attempt: SignUpAttempt): Promise<boolean> {
  const ended = await tx
    .delete(signUpAttempts)
    .where(and(eq(signUpAttempts.email, attempt.email), eq(signUpAttempts.attemptId, attempt.attemptId)))
    .returning({ email: signUpAttempts.email });
  return ended.length > 0;
}

/**
 * Gives the address up at once while something of the attempt may be left (its identity account
 * could not be removed, or it is unknown whether it was made): the next attempt, or the clean-up
 * job, deals with it without waiting for the lease to run out.
 */
export async function abandonSignUpAttempt(db: Db, attempt: SignUpAttempt): Promise<void> {
  await db
    .update(signUpAttempts)
    .set({ startedAt: sql`'epoch'::timestamptz` })
    .where(and(eq(signUpAttempts.email, attempt.email), eq(signUpAttempts.attemptId, attempt.attemptId)));
}

export type IdentityAccountState =
  | { kind: 'none' }
  /** Made by an unfinished attempt of ours: it may be removed. */
  | { kind: 'leftover'; id: string }
  /** Someone's account: the address is taken. */
  | { kind: 'taken' };

/**
 * What the identity server holds for an address an unfinished attempt was registering. An account
 * counts as that attempt's leftover only when nobody can have used it: its address is unconfirmed,
 * no application account points at it or uses the address, and it was created after the attempt
 * began. Only such an account is ever removed — never taken over, since the person now signing up
 * may not be the one who started (the old account might carry another password, sessions or roles).
 * Removing it and creating a fresh one gives the new attempt nothing a first sign-up would not.
 */
export async function identityAccountFor(
  context: { db: Db; identityAdmin: IdentityAdmin },
  attempt: Pick<SignUpAttempt, 'email' | 'firstStartedAt'>,
): Promise<IdentityAccountState> {
  const found = await context.identityAdmin.findUserByEmail(attempt.email);
  if (!found) return { kind: 'none' };
  if (
    found.emailVerified ||
    found.createdAt === undefined ||
    found.createdAt.getTime() < attempt.firstStartedAt.getTime() - clockSkewMs
  ) {
    return { kind: 'taken' };
  }
  const linked = await context.db
    .select({ id: users.id })
    .from(users)
    .where(or(eq(users.identitySubject, found.id), sql`lower(${users.email}) = ${attempt.email}`))
    .limit(1);
  return linked.length > 0 ? { kind: 'taken' } : { kind: 'leftover', id: found.id };
}

/**
 * Clean-up of one sign-up attempt, due when its lease has run out. Nothing to do when the attempt
 * finished or a later attempt took the address over (that one has its own clean-up). Otherwise the
 * job holds the address itself while it removes the attempt's identity account, if one was left.
 */
export const abandonedSignUpQueue = defineQueue<{ attemptId: string }>('abandoned-sign-up', {
  retryLimit: 20,
  retryDelaySeconds: 60,
  retryDelayMaxSeconds: 3600,
  expireInSeconds: 120,
  concurrency: 1,
});

export const abandonedSignUps = backgroundWork(abandonedSignUpQueue, async (app, { attemptId }) => {
  const [attempt] = await app.db
    .update(signUpAttempts)
    .set({ startedAt: sql`now()` })
    .where(and(eq(signUpAttempts.attemptId, attemptId), leaseOver))
    .returning();
  if (!attempt) {
    const [running] = await app.db
      .select({ email: signUpAttempts.email })
      .from(signUpAttempts)
      .where(eq(signUpAttempts.attemptId, attemptId));
    // Still within its lease (the job ran early): a retry comes back later.
    if (running) throw new Error('The sign-up attempt is still under way.');
    return;
  }
  const state = await identityAccountFor(app, attempt);
  if (state.kind === 'leftover') await app.identityAdmin.deleteUser(state.id);
  await endSignUpAttempt(app.db, { ...attempt, resumed: true });
  app.log.info(
    { attemptId, identityAccountRemoved: state.kind === 'leftover' },
    'unfinished sign-up cleaned up',
  );
});
