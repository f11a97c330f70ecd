import {
  type CareRequestDeclineReason,
  type CareRequestStatusCode,
  type Country,
  formatDisplayDate,
  type Locale,
  paths,
} from '@opora/contracts';
import {
  careRequests,
  cases,
  clients,
  type DbExecutor,
  facilities,
  facilityServices,
  providers,
  users,
} from '@opora/db';
import { eq, sql } from 'drizzle-orm';
import type { RequestContext } from './request-context.ts';
import { answerExpectedBy } from './request-views.ts';

type Context = Pick<RequestContext, 'mailer' | 'config'>;

/** Providers read Opora in their country's language. */
const providerLocale: Record<Country, Locale> = { CZ: 'cs', SK: 'sk' };

/** What the e-mails about a request say, read in the caller's transaction. */
async function mailFacts(tx: DbExecutor, careRequestId: string) {
  const [row] = await tx
    .select({
      code: cases.code,
      serviceName: facilityServices.name,
      facilityName: facilities.name,
      providerName: providers.name,
      providerCountry: providers.country,
      requestsEmail: providers.requestsEmail,
      clientFirstName: clients.firstName,
      clientLastName: clients.lastName,
      ownerEmail: users.email,
      ownerLocale: sql<Locale>`coalesce(${users.locale}, 'cs')`,
      answerBy: answerExpectedBy(),
    })
    .from(careRequests)
    .innerJoin(cases, eq(cases.id, careRequests.caseId))
    .innerJoin(facilityServices, eq(facilityServices.id, careRequests.facilityServiceId))
    .innerJoin(facilities, eq(facilities.id, facilityServices.facilityId))
    .innerJoin(providers, eq(providers.id, careRequests.providerId))
    .innerJoin(clients, eq(clients.id, careRequests.clientId))
    // A provider's own client's request has no account holder: nobody to write to (`ownerEmail` null).
    .leftJoin(users, eq(users.id, cases.ownerUserId))
    .where(eq(careRequests.id, careRequestId));
  if (!row) throw new Error('The request to write about does not exist');
  return row;
}

function requestLink(context: Context, careRequestId: string): string {
  return `${context.config.publicUrl}${paths.dashboardRequest.getHref({ id: careRequestId })}`;
}

function inboxLink(context: Context): string {
  return `${context.config.publicUrl}${paths.providerHome.getHref()}`;
}

/**
 * A sent request's two e-mails, queued in the sending transaction: the announcement to the provider's
 * address for requests (the service and the reference only — the client's details stay in the inbox,
 * behind sign-in) and the confirmation to the sender in their language. A provider without an address
 * for requests gets none; the request still waits in its inbox.
 */
export async function queueRequestSentMails(
  context: Context,
  tx: DbExecutor,
  careRequestId: string,
): Promise<void> {
  const facts = await mailFacts(tx, careRequestId);
  if (facts.requestsEmail) {
    await context.mailer.queue(tx, {
      to: facts.requestsEmail,
      locale: providerLocale[facts.providerCountry],
      template: 'care-request-received',
      params: {
        link: inboxLink(context),
        code: facts.code,
        serviceName: facts.serviceName,
        facilityName: facts.facilityName,
      },
    });
  }
  if (facts.ownerEmail) {
    await context.mailer.queue(tx, {
      to: facts.ownerEmail,
      locale: facts.ownerLocale,
      template: 'care-request-sent',
      params: {
        link: requestLink(context, careRequestId),
        code: facts.code,
        serviceName: facts.serviceName,
        providerName: facts.providerName,
        clientName: `${facts.clientFirstName} ${facts.clientLastName}`.trim(),
        answerBy: formatDisplayDate(facts.answerBy),
      },
    });
  }
}

/** The provider hears that the sender withdrew the request (queued in the withdrawing transaction). */
export async function queueRequestWithdrawnMail(
  context: Context,
  tx: DbExecutor,
  careRequestId: string,
): Promise<void> {
  const facts = await mailFacts(tx, careRequestId);
  if (!facts.requestsEmail) return;
  await context.mailer.queue(tx, {
    to: facts.requestsEmail,
    locale: providerLocale[facts.providerCountry],
    template: 'care-request-withdrawn',
    params: { link: inboxLink(context), code: facts.code, serviceName: facts.serviceName },
  });
}

/**
 * Tells the sender of a request, in their language, that its status is now `status` — one e-mail per
 * change, queued in the transaction that made the change (it goes out only if that commits). The
 * provider's inbox calls this after every status change it makes; the sender's own withdrawal does not.
 */
export async function notifyClientOfStatusChange(
  context: Context,
  tx: DbExecutor,
  careRequestId: string,
  status: CareRequestStatusCode,
  /** A declined request's reason, told in the e-mail. */
  decline?: { reason: CareRequestDeclineReason; reasonText: string | null },
): Promise<void> {
  const facts = await mailFacts(tx, careRequestId);
  if (!facts.ownerEmail) return;
  await context.mailer.queue(tx, {
    to: facts.ownerEmail,
    locale: facts.ownerLocale,
    template: 'care-request-status-changed',
    params: {
      link: requestLink(context, careRequestId),
      code: facts.code,
      serviceName: facts.serviceName,
      providerName: facts.providerName,
      status,
      ...(decline && { reason: decline.reason }),
      ...(decline?.reasonText && { reasonText: decline.reasonText }),
    },
  });
}
