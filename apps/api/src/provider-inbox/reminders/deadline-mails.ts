import { type Country, formatDisplayDate, type Locale, paths } from '@opora/contracts';
import {
  careRequests,
  cases,
  clients,
  type DbExecutor,
  facilities,
  facilityServices,
  providers,
  providerUsers,
  users,
} from '@opora/db';
import { and, arrayContains, eq, inArray, isNotNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
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

const owner = alias(users, 'owner');
const assigneeStaff = alias(providerUsers, 'assignee_staff');
const assignee = alias(users, 'assignee');

/** What the e-mails about `ids` say, read in the caller's transaction. */
async function factsOf(tx: DbExecutor, ids: readonly string[]) {
  return tx
    .select({
      id: careRequests.id,
      providerId: careRequests.providerId,
      clientId: careRequests.clientId,
      code: cases.code,
      serviceName: facilityServices.name,
      facilityName: facilities.name,
      providerName: providers.name,
      country: providers.country,
      requestsEmail: providers.requestsEmail,
      createdAt: careRequests.createdAt,
      assigneeEmail: assignee.email,
      assigneeLocale: assignee.locale,
      ownerEmail: owner.email,
      ownerLocale: owner.locale,
      clientFirstName: clients.firstName,
      clientLastName: clients.lastName,
    })
    .from(careRequests)
    .innerJoin(cases, eq(cases.id, careRequests.caseId))
    .innerJoin(facilityServices, eq(facilityServices.id, careRequests.facilityServiceId))
    .innerJoin(facilities, eq(facilities.id, careRequests.facilityId))
    .innerJoin(providers, eq(providers.id, careRequests.providerId))
    .innerJoin(clients, eq(clients.id, careRequests.clientId))
    .leftJoin(owner, eq(owner.id, cases.ownerUserId))
    .leftJoin(assigneeStaff, eq(assigneeStaff.id, careRequests.assigneeProviderUserId))
    .leftJoin(assignee, eq(assignee.id, assigneeStaff.userId))
    .where(inArray(careRequests.id, [...ids]));
}

type Facts = Awaited<ReturnType<typeof factsOf>>[number];

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
  return `${context.publicUrl}${paths.providerRequest.getHref({ id: facts.id }, { provider: facts.providerId })}`;
}

function deadlineParams(context: DeadlineMailContext, facts: Facts, workingDays: number) {
  const sent = wallClock(countryTimeZones[facts.country], new Date(facts.createdAt));
  return {
    link: inboxRequestLink(context, facts),
    code: facts.code,
    serviceName: facts.serviceName,
    facilityName: facts.facilityName,
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
      { to: facts.requestsEmail, locale: providerLocale[facts.country] },
      { to: facts.assigneeEmail, locale: facts.assigneeLocale },
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
  const providerIds = [...new Set(facts.map((each) => each.providerId))];
  const administrators = await tx
    .select({ providerId: providerUsers.providerId, email: users.email, locale: users.locale })
    .from(providerUsers)
    .innerJoin(users, eq(users.id, providerUsers.userId))
    .where(
      and(
        inArray(providerUsers.providerId, providerIds),
        arrayContains(providerUsers.roles, ['providerAdmin']),
        isNotNull(users.email),
      ),
    )
    .orderBy(users.email);
  let queued = 0;
  for (const each of facts) {
    const ofProvider = administrators.filter((admin) => admin.providerId === each.providerId);
    const recipients = distinct(
      ofProvider.length > 0
        ? ofProvider.map((admin) => ({ to: admin.email, locale: admin.locale }))
        : [{ to: each.requestsEmail, locale: providerLocale[each.country] }],
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
    if (!facts.ownerEmail || !facts.ownerLocale) continue;
    await context.mailer.queue(tx, {
      to: facts.ownerEmail,
      locale: facts.ownerLocale,
      template: 'care-request-expired',
      params: {
        link: `${context.publicUrl}${paths.dashboardClient.getHref({ id: facts.clientId }, { tab: 'service-offer' })}`,
        code: facts.code,
        serviceName: facts.serviceName,
        providerName: facts.providerName,
        clientName: `${facts.clientFirstName} ${facts.clientLastName}`.trim(),
        workingDays: expiryWorkingDays,
      },
    });
    queued += 1;
  }
  return queued;
}
