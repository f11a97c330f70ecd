import type { ProviderEntryCreated, ProviderEntryRequest } from '@opora/contracts';
import { cases, clients, type Db } from '@opora/db';
import { and, asc, eq, exists, isNull, sql } from 'drizzle-orm';
import { NotFoundError } from '../platform/errors.ts';
import { careRequestInScope, type ProviderScope } from '../platform/provider-scope.ts';
import { cr } from '../requests/care-request-view.ts';
import { insertEntry } from './entries.ts';

/**
 * `POST …/clients/{clientId}/requests`: another request for a client the provider entered itself, in
 * the client's case. Only the provider's own client the caller may see (a request of theirs in the
 * caller's scope); a carer's client, another provider's or one out of sight answers 404. The client's
 * row is locked first: two entries at once for the same service make one request and one 409.
 */
export async function createProviderClientRequest(
  db: Db,
  scope: ProviderScope,
  clientId: string,
  input: ProviderEntryRequest,
): Promise<ProviderEntryCreated> {
  return db.transaction(async (tx) => {
    const [client] = await tx
      .select({ id: clients.id })
      .from(clients)
      .where(
        and(
          eq(clients.id, clientId),
          eq(clients.providerId, scope.providerId),
          exists(
            tx
              .select({ one: sql`1` })
              .from(cr)
              .where(and(eq(cr.clientId, clients.id), careRequestInScope(scope))),
          ),
        ),
      )
      .for('update', { of: clients });
    if (!client) throw new NotFoundError();
    const [careCase] = await tx
      .select({ id: cases.id })
      .from(cases)
      .where(and(eq(cases.clientId, clientId), isNull(cases.ownerUserId)))
      .orderBy(asc(cases.date), asc(cases.id))
      .limit(1);
    if (!careCase) throw new NotFoundError();
    const careRequestId = await insertEntry(tx, scope, { clientId, caseId: careCase.id }, input);
    return { clientId, careRequestId };
  });
}
