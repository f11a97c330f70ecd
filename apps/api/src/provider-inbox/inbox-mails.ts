import { paths } from '@opora/contracts';
import {
  careRequests,
  cases,
  type DbExecutor,
  facilities,
  facilityServices,
  providerUsers,
  users,
} from '@opora/db';
import { and, eq } from 'drizzle-orm';
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
  const [facts] = await tx
    .select({
      providerId: careRequests.providerId,
      code: cases.code,
      serviceName: facilityServices.name,
      facilityName: facilities.name,
      email: users.email,
      locale: users.locale,
    })
    .from(careRequests)
    .innerJoin(cases, eq(cases.id, careRequests.caseId))
    .innerJoin(facilityServices, eq(facilityServices.id, careRequests.facilityServiceId))
    .innerJoin(facilities, eq(facilities.id, careRequests.facilityId))
    .innerJoin(
      providerUsers,
      and(
        eq(providerUsers.id, assigneeProviderUserId),
        eq(providerUsers.providerId, careRequests.providerId),
      ),
    )
    .innerJoin(users, eq(users.id, providerUsers.userId))
    .where(eq(careRequests.id, careRequestId));
  if (!facts?.email) return;
  await context.mailer.queue(tx, {
    to: facts.email,
    locale: facts.locale,
    template: 'care-request-assigned',
    params: {
      link: inboxRequestLink(context, facts.providerId, careRequestId),
      code: facts.code,
      serviceName: facts.serviceName,
      facilityName: facts.facilityName,
    },
  });
}
