import {
  type Locale,
  type ProviderVerificationDecisionInput,
  ProviderVerificationDecisionSchema,
  type ProviderVerificationDetail,
  paths,
  type StaffAction,
} from '@opora/contracts';
import {
  type DbExecutor,
  providers,
  providerUsers,
  providerVerifications,
  setProviderVerification,
  users,
} from '@opora/db';
import { and, arrayContains, eq, isNotNull, sql } from 'drizzle-orm';
import type { Principal } from '../platform/auth.ts';
import { AppError, NotFoundError, RecordChangedError } from '../platform/errors.ts';
import { keepDecidedDocuments } from '../provider-documents/provider-documents.ts';
import { dropMembership } from '../provider-team/remove-team-member.ts';
import type { RequestContext } from '../requests/request-context.ts';
import { recordStaffAction, staffActor } from '../staff-audit/record-staff-action.ts';
import { providerColumnsOf, readVerificationDetails } from './verification-records.ts';
import { readVerificationDetail } from './verification-views.ts';

/** `ProviderVerificationDecided` (409): another staff member decided this check first. */
export class VerificationDecidedError extends AppError {
  constructor() {
    super('ProviderVerificationDecided', 'Another staff member has already decided this check.');
    this.name = 'VerificationDecidedError';
  }
}

/** The provider's administrators with an account, each with their address and language. */
async function administrators(tx: DbExecutor, providerId: string) {
  return tx
    .select({ email: users.email, locale: users.locale })
    .from(providerUsers)
    .innerJoin(users, eq(users.id, providerUsers.userId))
    .where(
      and(
        eq(providerUsers.providerId, providerId),
        arrayContains(providerUsers.roles, ['providerAdmin']),
        isNotNull(users.email),
      ),
    );
}

/** A rejected claim (decision 0121): the listing as it was, without the claimant and whom they invited. */
async function undoClaim(
  tx: DbExecutor,
  verification: typeof providerVerifications.$inferSelect,
  byUserId: string,
  now: Date,
) {
  const providerId = verification.providerId;
  if (verification.previousDetails) {
    await tx
      .update(providers)
      .set({ ...providerColumnsOf(verification.previousDetails), revision: sql`${providers.revision} + 1` })
      .where(eq(providers.id, providerId));
  }
  const members = await tx
    .select({
      id: providerUsers.id,
      userId: providerUsers.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: sql<string | null>`coalesce(${users.email}, ${providerUsers.inviteEmail})`,
    })
    .from(providerUsers)
    .leftJoin(users, eq(users.id, providerUsers.userId))
    .where(eq(providerUsers.providerId, providerId));
  for (const member of members) {
    await dropMembership(tx, { providerId, providerUserId: member.id, member, byUserId });
  }
  if (verification.previousVerifiedAt) {
    await setProviderVerification(tx, { id: providerId }, true, now, {
      verifiedAt: verification.previousVerifiedAt,
    });
  }
}

function auditAction(kind: string, approved: boolean): StaffAction {
  if (kind === 'claim') return approved ? 'provider-claim-approved' : 'provider-claim-rejected';
  return approved ? 'provider-verification-approved' : 'provider-verification-rejected';
}

/**
 * `POST …/provider-verifications/{id}/decision` (issue 25 §1, decision 0121). In one transaction,
 * under the check's and the provider's row locks: an approval verifies the provider (its services
 * follow) with today's date; a rejection leaves it unverified — a rejected claim restores the listing
 * and removes the claimant — and a rejected re-verification withdraws the check. The administrators
 * are e-mailed in their languages, and the audit log gets its entry, in the same transaction. A check
 * decided already answers 409 `ProviderVerificationDecided`; a provider that saved its details since
 * staff loaded them, 409 `RecordChangedByAnother` with the check as it is now.
 */
export async function decideProviderVerification(
  context: RequestContext,
  principal: Principal,
  verificationId: string,
  body: ProviderVerificationDecisionInput,
  now: Date,
): Promise<ProviderVerificationDetail> {
  const input = ProviderVerificationDecisionSchema.parse(body);
  const actor = await staffActor(context.db, principal);
  const approved = input.outcome === 'approved';
  await context.db.transaction(async (tx) => {
    const [verification] = await tx
      .select()
      .from(providerVerifications)
      .where(eq(providerVerifications.id, verificationId))
      .for('update');
    if (!verification) throw new NotFoundError();
    const [provider] = await tx
      .select({ id: providers.id, name: providers.name, revision: providers.revision })
      .from(providers)
      .where(eq(providers.id, verification.providerId))
      .for('update');
    if (!provider) throw new NotFoundError();
    if (verification.status !== 'open') throw new VerificationDecidedError();
    if (provider.revision !== input.providerRevision) {
      throw new RecordChangedError(await readVerificationDetail(tx, verificationId));
    }

    // Told before a rejected claim takes the claimant's membership away; kept as staff saw it.
    const recipients = await administrators(tx, provider.id);
    const decidedDetails = await readVerificationDetails(tx, provider.id);
    if (approved) {
      await setProviderVerification(tx, { id: provider.id }, true, now, { renew: true });
    } else if (verification.kind === 'claim') {
      await undoClaim(tx, verification, principal.userId, now);
    } else {
      await setProviderVerification(tx, { id: provider.id }, false, now);
    }
    await tx
      .update(providerVerifications)
      .set({
        status: input.outcome,
        decidedAt: now,
        decidedBy: principal.userId,
        decidedByName: actor.name,
        reason: approved ? null : (input.reason ?? null),
        note: input.note ?? null,
        decidedDetails: decidedDetails ?? null,
      })
      .where(eq(providerVerifications.id, verificationId));
    await keepDecidedDocuments(tx, verificationId, provider.id);
    await recordStaffAction(tx, actor, {
      action: auditAction(verification.kind, approved),
      recordType: 'provider',
      recordId: provider.id,
      recordLabel: provider.name,
      reason: approved ? (input.note ?? null) : [input.reason, input.note].filter(Boolean).join(': '),
      details: { verificationId, kind: verification.kind },
    });
    const link = `${context.config.publicUrl}${paths.providerHome.getHref({}, { provider: provider.id })}`;
    for (const recipient of recipients) {
      if (!recipient.email) continue;
      const locale: Locale = recipient.locale;
      await context.mailer.queue(
        tx,
        approved
          ? {
              to: recipient.email,
              locale,
              template: 'provider-verification-approved',
              params: { link, providerName: provider.name },
            }
          : {
              to: recipient.email,
              locale,
              template: 'provider-verification-rejected',
              params: {
                link,
                providerName: provider.name,
                reason: input.reason ?? 'other',
                note: input.note ?? '',
                claim: verification.kind === 'claim',
              },
            },
      );
    }
  });
  return readVerificationDetail(context.db, verificationId);
}
