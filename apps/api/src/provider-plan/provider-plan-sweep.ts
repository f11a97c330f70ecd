import { type Country, formatDisplayDate, type Locale, paths, todayIsoDate } from '@opora/contracts';
import {
  type Db,
  type DbExecutor,
  providerPlans,
  providers,
  providerUsers,
  subscriptions,
  users,
} from '@opora/db';
import { and, arrayContains, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { backgroundWork, defineQueue } from '../platform/jobs.ts';
import type { Mailer } from '../platform/mail.ts';
import { isLive } from '../subscriptions/active-subscription.ts';
import { formatPrice } from '../subscriptions/subscription-views.ts';
import { planCurrency, providerPlanPrice } from './plan-view.ts';

/** The "your free months end soon" e-mail goes out this long before they end. */
export const trialReminderDays = 7;

export interface ProviderPlanSweepContext {
  db: Db;
  mailer: Pick<Mailer, 'queue'>;
  publicUrl: string;
}

export interface ProviderPlanSweepResult {
  reminded: number;
  unlisted: number;
  relisted: number;
}

/** The shared address of a provider reads the country's language. */
const providerLocale: Record<Country, Locale> = { CZ: 'cs', SK: 'sk' };

/**
 * Queues a plan e-mail about each provider to its administrators (each in their language) and to its
 * address for requests (in its country's language), each address once, in the caller's transaction.
 */
async function queuePlanMails(
  context: Omit<ProviderPlanSweepContext, 'db'>,
  tx: DbExecutor,
  template: 'provider-plan-trial-ending' | 'provider-plan-lapsed',
  about: readonly { providerId: string; date: Date }[],
): Promise<void> {
  if (about.length === 0) return;
  const ids = about.map((each) => each.providerId);
  const facts = await tx
    .select({
      id: providers.id,
      name: providers.name,
      country: providers.country,
      requestsEmail: providers.requestsEmail,
    })
    .from(providers)
    .where(inArray(providers.id, ids));
  const administrators = await tx
    .select({ providerId: providerUsers.providerId, email: users.email, locale: users.locale })
    .from(providerUsers)
    .innerJoin(users, eq(users.id, providerUsers.userId))
    .where(
      and(
        inArray(providerUsers.providerId, ids),
        arrayContains(providerUsers.roles, ['providerAdmin']),
        isNotNull(users.email),
      ),
    )
    .orderBy(users.email);
  for (const { providerId, date } of about) {
    const provider = facts.find((each) => each.id === providerId);
    if (!provider) continue;
    const price = await providerPlanPrice(tx, planCurrency[provider.country]);
    const recipients = new Map<string, Locale>();
    for (const admin of administrators) {
      if (admin.providerId === providerId && admin.email)
        recipients.set(admin.email.toLowerCase(), admin.locale);
    }
    if (provider.requestsEmail && !recipients.has(provider.requestsEmail.toLowerCase())) {
      recipients.set(provider.requestsEmail.toLowerCase(), providerLocale[provider.country]);
    }
    const link = `${context.publicUrl}${paths.providerPlan.getHref()}?provider=${providerId}`;
    for (const [to, locale] of recipients) {
      await context.mailer.queue(tx, {
        to,
        locale,
        template,
        params: {
          link,
          providerName: provider.name,
          price: formatPrice(price, locale),
          date: formatDisplayDate(todayIsoDate(date)),
        },
      });
    }
  }
}

/** The provider has a monthly payment set up (it needs no reminder). */
const paymentSetUp = sql`exists (select from ${subscriptions} where ${subscriptions.providerId} = ${providerPlans.providerId}
  and ${isLive} and ${subscriptions.autoRenew})`;

/**
 * One pass over the provider plans at `now` (decision 0098): the reminder 7 days before the free
 * months end (once per trial end, and not to a provider whose monthly payment is set up), the
 * listing hidden of providers neither on free months nor paid (with an e-mail, once per lapse), and
 * shown again of those that are (a payment relists at once by itself; this catches the rest). Each
 * step is one conditional update: two sweeps at once (two workers, two replicas) do each step once —
 * the second waits on the first's row locks, then finds the rows no longer match.
 */
export async function sweepProviderPlans(
  context: ProviderPlanSweepContext,
  now = new Date(),
): Promise<ProviderPlanSweepResult> {
  return context.db.transaction(async (tx) => {
    const reminders = await tx
      .update(providerPlans)
      .set({
        trialReminderSentFor: sql`${providerPlans.trialEndsAt}`,
        updatedAt: sql`${providerPlans.updatedAt}`,
      })
      .where(
        and(
          sql`${providerPlans.trialEndsAt} > ${now}`,
          sql`${providerPlans.trialEndsAt} <= ${now}::timestamptz + ${`${trialReminderDays} days`}::interval`,
          sql`${providerPlans.trialReminderSentFor} is distinct from ${providerPlans.trialEndsAt}`,
          sql`not ${paymentSetUp}`,
        ),
      )
      .returning({ providerId: providerPlans.providerId, trialEndsAt: providerPlans.trialEndsAt });
    await queuePlanMails(
      context,
      tx,
      'provider-plan-trial-ending',
      reminders.map((each) => ({ providerId: each.providerId, date: each.trialEndsAt })),
    );

    const unlisted = await tx
      .update(providers)
      .set({ listed: false, updatedAt: sql`${providers.updatedAt}` })
      .where(
        and(
          eq(providers.listed, true),
          sql`exists (select from ${providerPlans} where ${providerPlans.providerId} = ${providers.id}
            and ${providerPlans.trialEndsAt} <= ${now})`,
          sql`not provider_plan_listed(${providers.id}, ${now})`,
        ),
      )
      .returning({ providerId: providers.id });
    if (unlisted.length > 0) {
      await tx
        .update(providerPlans)
        .set({ lapsedAt: now })
        .where(
          inArray(
            providerPlans.providerId,
            unlisted.map((each) => each.providerId),
          ),
        );
    }
    await queuePlanMails(
      context,
      tx,
      'provider-plan-lapsed',
      unlisted.map((each) => ({ providerId: each.providerId, date: now })),
    );

    const relisted = await tx
      .update(providers)
      .set({ listed: true, updatedAt: sql`${providers.updatedAt}` })
      .where(and(eq(providers.listed, false), sql`provider_plan_listed(${providers.id}, ${now})`))
      .returning({ providerId: providers.id });
    return { reminded: reminders.length, unlisted: unlisted.length, relisted: relisted.length };
  });
}

export const providerPlanSweepQueue = defineQueue<Record<string, never>>('provider-plan-sweep', {
  retryLimit: 0,
  retryDelaySeconds: 60,
  retryDelayMaxSeconds: 60,
  expireInSeconds: 600,
  concurrency: 1,
});

/** provider-plan-sweep: every 10 minutes (pg-boss cron), trial reminders, listings hidden and shown. */
export const providerPlanSweep = {
  ...backgroundWork(providerPlanSweepQueue, async (app) => {
    const result = await sweepProviderPlans({
      db: app.db,
      mailer: app.mailer,
      publicUrl: app.config.publicUrl,
    });
    app.log.info(result, 'provider plans swept');
  }),
  cron: '*/10 * * * *',
};
