import { type Country, formatDisplayDate, type Locale, paths } from '@opora/contracts';
import type { DbExecutor } from '@opora/db';
import { sql } from 'drizzle-orm';
import type { Mailer } from '../../platform/mail.ts';
import { countryTimeZones, wallClock, workingDeadline } from './working-days.ts';

/** Working days a request may stay `new` before each step of the sweep. */
export const reminderWorkingDays = 2;
export const escalationWorkingDays = 4;
/**
 * Past the week the sender is promised an answer in (`careRequestAnswerDays`, 7 calendar days, about
 * 5 working days): the provider gets that week and a second one before the family is sent elsewhere.
 */
export const expiryWorkingDays = 10;

export interface DeadlineMailContext {
  mailer: Pick<Mailer, 'queue'>;
  publicUrl: string;
}

/** The shared address of a provider reads the country's language. */
const providerLocale: Record<Country, Locale> = { CZ: 'cs', SK: 'sk' };

interface Facts extends Record<string, unknown> {
  id: string;
  provider_id: string;
  client_id: string;
  code: string;
  service_name: string;
  facility_name: string;
  provider_name: string;
  country: Country;
  requests_email: string | null;
  created_at: Date | string;
  assignee_email: string | null;
  assignee_locale: Locale | null;
  owner_email: string | null;
  owner_locale: Locale | null;
  client_first_name: string;
  client_last_name: string;
}

/** What the e-mails about `ids` say, read in the caller's transaction. */
async function factsOf(tx: DbExecutor, ids: readonly string[]): Promise<Facts[]> {
  const { rows } = await tx.execute<Facts>(sql`
    select cr.id, cr.provider_id, cr.client_id, k.code, fs.name as service_name, f.name as facility_name,
      p.name as provider_name, p.country, p.requests_email, cr.created_at,
      au.email as assignee_email, au.locale as assignee_locale,
      ou.email as owner_email, ou.locale as owner_locale,
      cl.first_name as client_first_name, cl.last_name as client_last_name
    from care_requests cr
    join cases k on k.id = cr.case_id
    join facility_services fs on fs.id = cr.facility_service_id
    join facilities f on f.id = cr.facility_id
    join providers p on p.id = cr.provider_id
    join clients cl on cl.id = cr.client_id
    left join users ou on ou.id = k.owner_user_id
    left join provider_users apu on apu.id = cr.assignee_provider_user_id
    left join users au on au.id = apu.user_id
    where cr.id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
  `);
  return rows;
}

/** Each address once (case-insensitively), in the language it was first listed with. */
function distinct(recipients: { to: string | null; locale: Locale | null }[]) {
  const byAddress = new Map<string, { to: string; locale: Locale }>();
  for (const { to, locale } of recipients) {
    if (to && locale && !byAddress.has(to.toLowerCase())) byAddress.set(to.toLowerCase(), { to, locale });
  }
  return [...byAddress.values()];
}

/**
 * The request in the inbox. The web's route has no provider in it; `provider` tells the page which of
 * the reader's providers to act for when they belong to several.
 */
function inboxRequestLink(context: DeadlineMailContext, facts: Facts): string {
  return `${context.publicUrl}${paths.providerRequest.getHref({ id: facts.id }, { provider: facts.provider_id })}`;
}

function deadlineParams(context: DeadlineMailContext, facts: Facts, workingDays: number) {
  const sent = wallClock(countryTimeZones[facts.country], new Date(facts.created_at));
  return {
    link: inboxRequestLink(context, facts),
    code: facts.code,
    serviceName: facts.service_name,
    facilityName: facts.facility_name,
    workingDays,
    expiresOn: formatDisplayDate(workingDeadline(facts.country, sent, expiryWorkingDays).slice(0, 10)),
  };
}

/**
 * The reminder of requests still `new` after `reminderWorkingDays`: to the provider's address for
 * requests (in the country's language) and to the colleague it is assigned to (in theirs), queued in
 * the caller's transaction. A provider without either still has the reminder in the request's history.
 */
export async function queueReminderMails(
  context: DeadlineMailContext,
  tx: DbExecutor,
  ids: readonly string[],
): Promise<number> {
  if (ids.length === 0) return 0;
  let queued = 0;
  for (const facts of await factsOf(tx, ids)) {
    const recipients = distinct([
      { to: facts.requests_email, locale: providerLocale[facts.country] },
      { to: facts.assignee_email, locale: facts.assignee_locale },
    ]);
    const params = deadlineParams(context, facts, reminderWorkingDays);
    for (const { to, locale } of recipients) {
      await context.mailer.queue(tx, { to, locale, template: 'care-request-reminder', params });
      queued += 1;
    }
  }
  return queued;
}

/**
 * The escalation of requests still `new` after `escalationWorkingDays`: to every administrator of the
 * provider with an account, each in their language. A provider with none gets it at its address for
 * requests, so the escalation reaches somebody.
 */
export async function queueEscalationMails(
  context: DeadlineMailContext,
  tx: DbExecutor,
  ids: readonly string[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const facts = await factsOf(tx, ids);
  const providerIds = [...new Set(facts.map((each) => each.provider_id))];
  const { rows: administrators } = await tx.execute<{
    provider_id: string;
    email: string;
    locale: Locale;
  }>(sql`
    select pu.provider_id, u.email, u.locale
    from provider_users pu join users u on u.id = pu.user_id
    where pu.provider_id in (${sql.join(
      providerIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
      and 'providerAdmin' = any(pu.roles) and u.email is not null
    order by u.email
  `);
  let queued = 0;
  for (const each of facts) {
    const ofProvider = administrators.filter((admin) => admin.provider_id === each.provider_id);
    const recipients = distinct(
      ofProvider.length > 0
        ? ofProvider.map((admin) => ({ to: admin.email, locale: admin.locale }))
        : [{ to: each.requests_email, locale: providerLocale[each.country] }],
    );
    const params = deadlineParams(context, each, escalationWorkingDays);
    for (const { to, locale } of recipients) {
      await context.mailer.queue(tx, { to, locale, template: 'care-request-escalated', params });
      queued += 1;
    }
  }
  return queued;
}

/**
 * Tells the sender of each expired request, in their language, that nobody answered, and links the
 * client's service offer to choose another service (the same one may be asked again).
 */
export async function queueExpiryMails(
  context: DeadlineMailContext,
  tx: DbExecutor,
  ids: readonly string[],
): Promise<number> {
  if (ids.length === 0) return 0;
  let queued = 0;
  for (const facts of await factsOf(tx, ids)) {
    if (!facts.owner_email || !facts.owner_locale) continue;
    await context.mailer.queue(tx, {
      to: facts.owner_email,
      locale: facts.owner_locale,
      template: 'care-request-expired',
      params: {
        link: `${context.publicUrl}${paths.dashboardClient.getHref({ id: facts.client_id }, { tab: 'service-offer' })}`,
        code: facts.code,
        serviceName: facts.service_name,
        providerName: facts.provider_name,
        clientName: `${facts.client_first_name} ${facts.client_last_name}`.trim(),
        workingDays: expiryWorkingDays,
      },
    });
    queued += 1;
  }
  return queued;
}
