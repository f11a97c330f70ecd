import { paths, providerReverificationNoticeDays, providerVerificationValidMonths } from '@opora/contracts';
import {
  type Db,
  providers,
  providerUsers,
  providerVerifications,
  setProviderVerification,
  users,
} from '@opora/db';
import { and, arrayContains, eq, isNotNull, lte, notExists, sql } from 'drizzle-orm';
import { backgroundWork, defineQueue } from '../platform/jobs.ts';
import type { Mailer } from '../platform/mail.ts';

export interface VerificationSweepContext {
  db: Db;
  mailer: Pick<Mailer, 'queue'>;
  publicUrl: string;
}

/** Providers one sweep takes at most, per step. */
const batchSize = 200;

function monthsBefore(now: Date, months: number, days = 0): Date {
  const date = new Date(now);
  date.setUTCMonth(date.getUTCMonth() - months);
  date.setUTCDate(date.getUTCDate() + days);
  return date;
}

/** A provider someone administers: nobody to tell or to check with otherwise (an unclaimed listing). */
const administered = sql`exists (select 1 from ${providerUsers} where ${providerUsers.providerId} = ${providers.id}
  and ${providerUsers.userId} is not null and ${arrayContains(providerUsers.roles, ['providerAdmin'])})`;

/**
 * One pass at `now` (decision 0121). (1) A verified provider whose check is a year old less thirty days
 * and that has no open check is queued for re-verification (once: the open check stops the next pass).
 * (2) A verified provider whose check is a year old lapses: unverified (its services too), marked
 * lapsed, its administrators e-mailed — one transaction per provider, under its row lock, so two sweeps
 * lapse it once.
 */
export async function sweepProviderVerifications(context: VerificationSweepContext, now: Date) {
  const reverify = await context.db
    .select({ providerId: providers.id })
    .from(providers)
    .where(
      and(
        eq(providers.verified, true),
        lte(
          providers.verifiedAt,
          monthsBefore(now, providerVerificationValidMonths, providerReverificationNoticeDays),
        ),
        administered,
        notExists(
          context.db
            .select({ id: providerVerifications.id })
            .from(providerVerifications)
            .where(
              and(
                eq(providerVerifications.providerId, providers.id),
                eq(providerVerifications.status, 'open'),
              ),
            ),
        ),
      ),
    )
    .limit(batchSize);
  // The open-check index lets one of two sweeps queue a provider; the other's row is skipped.
  const queued =
    reverify.length === 0
      ? []
      : await context.db
          .insert(providerVerifications)
          .values(
            reverify.map(({ providerId }) => ({
              providerId,
              kind: 'reverification' as const,
              openedAt: now,
            })),
          )
          .onConflictDoNothing()
          .returning({ id: providerVerifications.id });

  const due = await context.db
    .select({ id: providers.id })
    .from(providers)
    .where(
      and(
        eq(providers.verified, true),
        lte(providers.verifiedAt, monthsBefore(now, providerVerificationValidMonths)),
      ),
    )
    .limit(batchSize);
  let lapsed = 0;
  for (const { id } of due) {
    const done = await context.db.transaction(async (tx) => {
      const [provider] = await tx
        .select({ name: providers.name, verified: providers.verified, verifiedAt: providers.verifiedAt })
        .from(providers)
        .where(eq(providers.id, id))
        .for('update');
      const cutoff = monthsBefore(now, providerVerificationValidMonths);
      if (!provider?.verified || !provider.verifiedAt || provider.verifiedAt > cutoff) return false;
      await setProviderVerification(tx, { id }, false, now, { lapsed: true });
      const recipients = await tx
        .select({ email: users.email, locale: users.locale })
        .from(providerUsers)
        .innerJoin(users, eq(users.id, providerUsers.userId))
        .where(
          and(
            eq(providerUsers.providerId, id),
            arrayContains(providerUsers.roles, ['providerAdmin']),
            isNotNull(users.email),
          ),
        );
      const link = `${context.publicUrl}${paths.providerProfile.getHref({}, { provider: id })}`;
      for (const recipient of recipients) {
        if (!recipient.email) continue;
        await context.mailer.queue(tx, {
          to: recipient.email,
          locale: recipient.locale,
          template: 'provider-verification-lapsed',
          params: { link, providerName: provider.name },
        });
      }
      return true;
    });
    if (done) lapsed += 1;
  }
  return { queued: queued.length, lapsed };
}

export const providerVerificationQueue = defineQueue<Record<string, never>>('provider-verification-sweep', {
  retryLimit: 0,
  retryDelaySeconds: 60,
  retryDelayMaxSeconds: 60,
  expireInSeconds: 600,
  concurrency: 1,
});

/** provider-verification-sweep: hourly, year-old checks queued again (30 days ahead), then lapsed. */
export const providerVerificationSweep = {
  ...backgroundWork(providerVerificationQueue, async (app) => {
    const result = await sweepProviderVerifications(
      { db: app.db, mailer: app.mailer, publicUrl: app.config.publicUrl },
      app.clock(),
    );
    app.log.info(result, 'provider verifications swept');
  }),
  cron: '41 * * * *',
};
