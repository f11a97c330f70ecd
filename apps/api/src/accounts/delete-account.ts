import {
  careRequests,
  cases,
  clients,
  consents,
  type Db,
  type DbExecutor,
  documents,
  emailOutbox,
  providerUsers,
  requestDrafts,
  subscriptions,
  userActionTokens,
  users,
} from '@opora/db';
import { and, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';
import { queueStopRenewals } from '../payments/gateways.ts';
import type { Principal } from '../platform/auth.ts';
import { UnauthorizedError } from '../platform/errors.ts';
import { IdentityUserNotFoundError } from '../platform/identity-admin.ts';
import { backgroundWork, defineQueue, type Jobs } from '../platform/jobs.ts';
import type { AccountContext } from './account-context.ts';

/** What the deletion removed and kept, for the log (counts only, never data). */
export interface AccountDeletionSummary {
  casesDeleted: number;
  clientsDeleted: number;
  casesKept: number;
  clientsKept: number;
}

/**
 * Removes and anonymises what `deleteAccount` describes, in one transaction; undefined when the user
 * is gone or anonymised already.
 */
async function anonymiseAccount(
  tx: DbExecutor,
  jobs: Pick<Jobs, 'send'>,
  userId: string,
): Promise<AccountDeletionSummary | undefined> {
  const [user] = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.anonymisedAt)))
    .for('update');
  if (!user) return undefined;

  const requestOfCase = tx
    .select({ one: sql`1` })
    .from(careRequests)
    .where(eq(careRequests.caseId, cases.id));
  const deletedCases = await tx
    .delete(cases)
    .where(and(eq(cases.ownerUserId, user.id), notExists(requestOfCase)))
    .returning({ id: cases.id });

  const requestOfClient = tx
    .select({ one: sql`1` })
    .from(careRequests)
    .where(eq(careRequests.clientId, clients.id));
  const caseOfClient = tx.select({ one: sql`1` }).from(cases).where(eq(cases.clientId, clients.id));
  const deletedClients = await tx
    .delete(clients)
    .where(
      and(
        eq(clients.ownerUserId, user.id),
        isNull(clients.providerId),
        notExists(requestOfClient),
        notExists(caseOfClient),
      ),
    )
    .returning({ id: clients.id });

  // Requests being prepared in the cases kept never reached a provider: they go with their answers
  // and documents (cascade), as do a kept client's documents that no request carries.
  await tx
    .delete(requestDrafts)
    .where(
      inArray(
        requestDrafts.caseId,
        tx.select({ id: cases.id }).from(cases).where(eq(cases.ownerUserId, user.id)),
      ),
    );
  await tx
    .delete(documents)
    .where(
      and(
        isNull(documents.careRequestId),
        inArray(
          documents.clientId,
          tx.select({ id: clients.id }).from(clients).where(eq(clients.ownerUserId, user.id)),
        ),
      ),
    );

  const [keptCases] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(cases)
    .where(eq(cases.ownerUserId, user.id));
  const [keptClients] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(clients)
    .where(eq(clients.ownerUserId, user.id));

  const ended = await tx
    .update(subscriptions)
    .set({ status: 'cancelled', cancelledAt: sql`now()`, autoRenew: false, endedAt: sql`now()` })
    .where(and(eq(subscriptions.userId, user.id), inArray(subscriptions.status, ['active', 'past-due'])))
    .returning({ gateway: subscriptions.gateway, gatewayReference: subscriptions.gatewayReference });
  // Nothing more is charged: a gateway that renews on its own is told after the commit.
  for (const subscription of ended) await queueStopRenewals(jobs, tx, subscription, 'now');
  await tx
    .update(consents)
    .set({ withdrawnAt: sql`now()` })
    .where(and(eq(consents.userId, user.id), isNull(consents.withdrawnAt)));
  await tx.delete(userActionTokens).where(eq(userActionTokens.userId, user.id));
  await tx.delete(providerUsers).where(eq(providerUsers.userId, user.id));
  // Queued e-mails go too; their delivery jobs then find nothing to send.
  if (user.email !== null) {
    await tx.delete(emailOutbox).where(sql`lower(${emailOutbox.toAddress}) = lower(${user.email})`);
  }
  await tx
    .update(users)
    .set({
      identitySubject: null,
      email: null,
      firstName: null,
      lastName: null,
      phone: null,
      pendingEmail: null,
      emailVerifiedAt: null,
      emailConfirmationSentAt: null,
      lastSignInAt: null,
      platformRoles: [],
      anonymisedAt: sql`now()`,
    })
    .where(eq(users.id, user.id));

  return {
    casesDeleted: deletedCases.length,
    clientsDeleted: deletedClients.length,
    casesKept: keptCases?.count ?? 0,
    clientsKept: keptClients?.count ?? 0,
  };
}

/** When the safety-net job looks whether a deletion stopped half-way (see `deleteAccount`). */
const deletionCheckAfterSeconds = 120;

/**
 * `DELETE /users/me` — irreversible (DOMAIN.md "Personal data"): personal data is removed, and only
 * what providers' own records or the law require is kept.
 *
 * - Removed: cases and clients that never reached a provider (with their questionnaires, documents
 *   and contact persons, by cascade), pending e-mails, e-mailed links, provider memberships, and the
 *   identity account with all its sessions.
 * - Kept: cases and clients a provider received a request for (the provider's record of the request
 *   needs them), with the requests' questionnaires and documents; requests being prepared in those
 *   cases and a client's documents no request carries are removed; subscriptions and payments (accounting law), cancelled; consent records, withdrawn
 *   now (GDPR Art. 7(1): proof of what was agreed to).
 * - The `users` row stays, anonymised (no e-mail, names, phone or identity subject), so the kept
 *   records still point at a consistent row.
 *
 * Ordered so that a failure leaves the whole account or none: (1) a job is queued that will finish
 * the deletion should it stop after step 2; (2) outside any transaction, the sessions end and the
 * identity account is deleted — when that fails nothing changed (503) and the person can try again;
 * (3) one transaction anonymises. When step 3 fails the person can no longer sign in, and the job
 * anonymises the account a little later.
 */
export async function deleteAccount(
  context: AccountContext,
  principal: Principal,
): Promise<AccountDeletionSummary> {
  await context.db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, principal.userId), isNull(users.anonymisedAt)));
    if (!user) throw new UnauthorizedError();
    await context.jobs.send(
      tx,
      accountDeletionQueue,
      { userId: user.id, subject: principal.subject },
      { startAfterSeconds: deletionCheckAfterSeconds },
    );
  });

  // The identity account may be gone already (removed in the identity console): no session to end.
  await context.identityAdmin.logoutAllSessions(principal.subject).catch((error: unknown) => {
    if (!(error instanceof IdentityUserNotFoundError)) throw error;
  });
  await context.identityAdmin.deleteUser(principal.subject);

  const summary = await context.db.transaction((tx) => anonymiseAccount(tx, context.jobs, principal.userId));
  if (!summary) throw new UnauthorizedError();
  context.log.info({ userId: principal.userId, ...summary }, 'account deleted and anonymised');
  return summary;
}

/**
 * The safety net of `deleteAccount`: when the identity account is gone but the application account
 * was not anonymised (step 3 failed), it anonymises it. When the identity account still exists, the
 * deletion never happened and the account stays as it is.
 */
export const accountDeletionQueue = defineQueue<{ userId: string; subject: string }>('account-deletion', {
  retryLimit: 20,
  retryDelaySeconds: 60,
  retryDelayMaxSeconds: 3600,
  expireInSeconds: 120,
  concurrency: 1,
});

export const accountDeletions = backgroundWork(accountDeletionQueue, async (app, { userId, subject }) => {
  const db: Db = app.db;
  const [pending] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.identitySubject, subject), isNull(users.anonymisedAt)));
  if (!pending) return;
  if (await app.identityAdmin.getUser(subject)) return;
  const summary = await db.transaction((tx) => anonymiseAccount(tx, app.jobs, userId));
  if (summary) app.log.info({ userId, ...summary }, 'account deletion finished by the background job');
});
