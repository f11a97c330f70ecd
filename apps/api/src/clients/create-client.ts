import type { Client, ClientCreate } from '@opora/contracts';
import { cases, clients, type Db } from '@opora/db';
import { eq } from 'drizzle-orm';
import { findOwnCase } from '../cases/own-case.ts';
import { ConflictError, FieldValidationError } from '../platform/errors.ts';
import { clientColumns, resolveReferences, savePersons } from './client-input.ts';
import { readClient } from './client-views.ts';
import { recordHealthDataConsent } from './health-data-consent.ts';

/**
 * `POST /clients`: the client, the people around them, the consent to process their health data and,
 * with `caseId`, the case the client is entered for — all in one transaction, so a failure leaves
 * nothing behind. The case is locked first: of two simultaneous entries for one case, one gets the
 * client and the other a 409 `Conflict` (a case has one client). The consent records who gave it
 * (the caller) and for whom: on the client's behalf, or none when the caller is the client.
 */
export async function createClient(db: Db, userId: string, input: ClientCreate): Promise<Client> {
  const clientId = await db.transaction(async (tx) => {
    if (input.caseId !== undefined) {
      const careCase = await findOwnCase(tx, userId, input.caseId, { forUpdate: true });
      if (careCase.clientId !== null) throw new ConflictError('The case has a client already.');
    }
    const { references, errors } = await resolveReferences(tx, input);
    if (errors.length > 0) throw new FieldValidationError(errors);
    const [client] = await tx
      .insert(clients)
      .values({
        ...clientColumns(input, references),
        birthNumber: input.birthNumber ?? null,
        ownerUserId: userId,
      })
      .returning({ id: clients.id });
    if (!client) throw new Error('Insert returned no client');
    await savePersons(tx, client.id, input);
    await recordHealthDataConsent(tx, userId, client.id, references.isSelf);
    if (input.caseId !== undefined) {
      await tx.update(cases).set({ clientId: client.id }).where(eq(cases.id, input.caseId));
    }
    return client.id;
  });
  return readClient(db, userId, clientId);
}
