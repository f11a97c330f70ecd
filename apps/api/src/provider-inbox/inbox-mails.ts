import { type Locale, paths } from '@opora/contracts';
import type { DbExecutor } from '@opora/db';
import { sql } from 'drizzle-orm';
import type { RequestContext } from '../requests/request-context.ts';

type Context = Pick<RequestContext, 'mailer' | 'config'>;

/** A link to a request in the inbox, naming the provider it belongs to (a person may work for several). */
export function inboxRequestLink(context: Context, providerId: string, careRequestId: string): string {
  return `${context.config.publicUrl}${paths.providerRequest.getHref({ id: careRequestId }, { provider: providerId })}`;
}

/**
 * Tells a colleague, in their language, that a request was assigned to them — the reference, the
 * service and its facility only; the client's details stay in the inbox behind sign-in. Queued in the
 * assigning transaction. Nobody is written to for an assignment they made themselves.
 */
export async function queueCareRequestAssignedMail(
  context: Context,
  tx: DbExecutor,
  careRequestId: string,
  assigneeProviderUserId: string,
): Promise<void> {
  const { rows } = await tx.execute<{
    provider_id: string;
    code: string;
    service_name: string;
    facility_name: string;
    email: string | null;
    locale: Locale;
  }>(sql`
    select cr.provider_id, k.code, fs.name as service_name, f.name as facility_name, u.email, u.locale
    from care_requests cr
    join cases k on k.id = cr.case_id
    join facility_services fs on fs.id = cr.facility_service_id
    join facilities f on f.id = cr.facility_id
    join provider_users pu on pu.id = ${assigneeProviderUserId} and pu.provider_id = cr.provider_id
    join users u on u.id = pu.user_id
    where cr.id = ${careRequestId}
  `);
  const facts = rows[0];
  if (!facts?.email) return;
  await context.mailer.queue(tx, {
    to: facts.email,
    locale: facts.locale,
    template: 'care-request-assigned',
    params: {
      link: inboxRequestLink(context, facts.provider_id, careRequestId),
      code: facts.code,
      serviceName: facts.service_name,
      facilityName: facts.facility_name,
    },
  });
}
