import {
  businessTimeZone,
  type CareRequestDeclineReason,
  type CareRequestStatusCode,
  type Country,
  careRequestAnswerDays,
  formatDisplayDate,
  type Locale,
  paths,
} from '@opora/contracts';
import type { DbExecutor } from '@opora/db';
import { sql } from 'drizzle-orm';
import type { RequestContext } from './request-context.ts';

type Context = Pick<RequestContext, 'mailer' | 'config'>;

/** Providers read Opora in their country's language. */
const providerLocale: Record<Country, Locale> = { CZ: 'cs', SK: 'sk' };

type MailFacts = {
  code: string;
  service_name: string;
  facility_name: string;
  provider_name: string;
  provider_country: Country;
  requests_email: string | null;
  client_first_name: string;
  client_last_name: string;
  owner_email: string | null;
  owner_locale: Locale;
  answer_by: string;
};

/** What the e-mails about a request say, read in the caller's transaction. */
async function mailFacts(tx: DbExecutor, careRequestId: string): Promise<MailFacts> {
  const { rows } = await tx.execute<MailFacts>(sql`
    select k.code, fs.name as service_name, f.name as facility_name, p.name as provider_name,
      p.country as provider_country, p.requests_email,
      cl.first_name as client_first_name, cl.last_name as client_last_name,
      u.email as owner_email, u.locale as owner_locale,
      to_char((cr.created_at at time zone ${businessTimeZone})::date + ${careRequestAnswerDays}::int,
              'YYYY-MM-DD') as answer_by
    from care_requests cr
    join cases k on k.id = cr.case_id
    join facility_services fs on fs.id = cr.facility_service_id
    join facilities f on f.id = fs.facility_id
    join providers p on p.id = cr.provider_id
    join clients cl on cl.id = cr.client_id
    join users u on u.id = k.owner_user_id
    where cr.id = ${careRequestId}
  `);
  const row = rows[0];
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
  if (facts.requests_email) {
    await context.mailer.queue(tx, {
      to: facts.requests_email,
      locale: providerLocale[facts.provider_country],
      template: 'care-request-received',
      params: {
        link: inboxLink(context),
        code: facts.code,
        serviceName: facts.service_name,
        facilityName: facts.facility_name,
      },
    });
  }
  if (facts.owner_email) {
    await context.mailer.queue(tx, {
      to: facts.owner_email,
      locale: facts.owner_locale,
      template: 'care-request-sent',
      params: {
        link: requestLink(context, careRequestId),
        code: facts.code,
        serviceName: facts.service_name,
        providerName: facts.provider_name,
        clientName: `${facts.client_first_name} ${facts.client_last_name}`.trim(),
        answerBy: formatDisplayDate(facts.answer_by),
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
  if (!facts.requests_email) return;
  await context.mailer.queue(tx, {
    to: facts.requests_email,
    locale: providerLocale[facts.provider_country],
    template: 'care-request-withdrawn',
    params: { link: inboxLink(context), code: facts.code, serviceName: facts.service_name },
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
  if (!facts.owner_email) return;
  await context.mailer.queue(tx, {
    to: facts.owner_email,
    locale: facts.owner_locale,
    template: 'care-request-status-changed',
    params: {
      link: requestLink(context, careRequestId),
      code: facts.code,
      serviceName: facts.service_name,
      providerName: facts.provider_name,
      status,
      ...(decline && { reason: decline.reason }),
      ...(decline?.reasonText && { reasonText: decline.reasonText }),
    },
  });
}
