import { formatDisplayDate, paths } from '@opora/contracts';
import { type Db, type DbExecutor, providers, providerUsers, users } from '@opora/db';
import { and, arrayContains, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { backgroundWork, defineQueue } from '../platform/jobs.ts';
import type { Mailer } from '../platform/mail.ts';
import { confirmationDueCutoff } from './listing-freshness.ts';

export interface ListingReminderContext {
  db: Db;
  mailer: Pick<Mailer, 'queue'>;
  publicUrl: string;
}

/** Providers one transaction takes; a sweep takes at most `maxBatches` of them. */
const batchSize = 100;
const maxBatches = 20;

/** Not reminded since the last confirmation: each confirmation period gets one reminder. */
const notRemindedThisPeriod = or(
  isNull(providers.listingRemindedAt),
  lt(providers.listingRemindedAt, providers.listingConfirmedAt),
);

/** The administrators of `providerIds` who have an account, each with their address and language. */
async function administrators(tx: DbExecutor, providerIds: string[]) {
  return tx
    .select({ providerId: providerUsers.providerId, email: users.email, locale: users.locale })
    .from(providerUsers)
    .innerJoin(users, eq(users.id, providerUsers.userId))
    .where(
      and(
        inArray(providerUsers.providerId, providerIds),
        arrayContains(providerUsers.roles, ['providerAdmin']),
        isNotNull(users.email),
      ),
    );
}

/**
 * One batch in one transaction: the due providers locked (those another sweep holds are skipped),
 * marked reminded in the statement that checks they were not yet, and their administrators' e-mails
 * queued in the outbox — sent only if this commits. However many sweeps run at once, a provider is
 * reminded once per confirmation.
 */
async function remindBatch(context: ListingReminderContext, now: Date) {
  return context.db.transaction(async (tx) => {
    const isDue = and(lte(providers.listingConfirmedAt, confirmationDueCutoff(now)), notRemindedThisPeriod);
    const due = tx
      .$with('due')
      .as(
        tx
          .select({ id: providers.id })
          .from(providers)
          .where(isDue)
          .orderBy(providers.listingConfirmedAt)
          .limit(batchSize)
          .for('update', { skipLocked: true }),
      );
    const reminded = await tx
      .with(due)
      .update(providers)
      .set({ listingRemindedAt: now, updatedAt: sql`${providers.updatedAt}` })
      .from(due)
      .where(and(eq(providers.id, due.id), isDue))
      .returning({ id: providers.id, name: providers.name, confirmedAt: providers.listingConfirmedAt });
    if (reminded.length === 0) return { reminded: 0, mails: 0 };
    const byId = new Map(reminded.map((provider) => [provider.id, provider]));
    let mails = 0;
    for (const admin of await administrators(
      tx,
      reminded.map((provider) => provider.id),
    )) {
      const provider = byId.get(admin.providerId);
      if (!provider || !admin.email) continue;
      await context.mailer.queue(tx, {
        to: admin.email,
        locale: admin.locale,
        template: 'listing-confirmation-due',
        params: {
          link: `${context.publicUrl}${paths.providerHome.getHref({}, { provider: provider.id })}`,
          providerName: provider.name,
          confirmedOn: formatDisplayDate(provider.confirmedAt.toISOString().slice(0, 10)),
        },
      });
      mails += 1;
    }
    return { reminded: reminded.length, mails };
  });
}

/** One pass at `now`: every provider whose listing was confirmed six months ago or more, reminded once. */
export async function sweepListingConfirmations(context: ListingReminderContext, now: Date) {
  const result = { reminded: 0, mails: 0 };
  for (let batch = 0; batch < maxBatches; batch += 1) {
    const { reminded, mails } = await remindBatch(context, now);
    result.reminded += reminded;
    result.mails += mails;
    if (reminded < batchSize) break;
  }
  return result;
}

export const listingConfirmationQueue = defineQueue<Record<string, never>>('listing-confirmation-sweep', {
  retryLimit: 0,
  retryDelaySeconds: 60,
  retryDelayMaxSeconds: 60,
  expireInSeconds: 600,
  concurrency: 1,
});

/** listing-confirmation-sweep: hourly, providers whose listing is six months unconfirmed reminded by e-mail. */
export const listingConfirmationReminders = {
  ...backgroundWork(listingConfirmationQueue, async (app) => {
    const result = await sweepListingConfirmations(
      { db: app.db, mailer: app.mailer, publicUrl: app.config.publicUrl },
      app.clock(),
    );
    app.log.info(result, 'listing confirmations swept');
  }),
  cron: '17 * * * *',
};
