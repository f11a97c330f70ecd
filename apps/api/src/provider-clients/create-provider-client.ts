import { fullName, type ProviderClientCreate, type ProviderEntryCreated } from '@opora/contracts';
import { cases, clients, consents, type Db } from '@opora/db';
import { sql } from 'drizzle-orm';
import { clientColumns, resolveReferences, savePersons } from '../clients/client-input.ts';
import { AppError, FieldValidationError } from '../platform/errors.ts';
import type { ProviderScope } from '../platform/provider-scope.ts';
import { possibleDuplicates } from './duplicates.ts';
import { insertEntry, providerRecordConsentVersion } from './entries.ts';

/**
 * `POST …/providers/{providerId}/clients` (issue 24 §2): a client who phoned, walked in, wrote or was
 * referred, entered by one of the provider's people — in one transaction the client (the provider's
 * own: `provider_id`, no account holder), the people around them, the client's consent to the
 * provider keeping their record (who recorded it), a case of theirs and the first request. People of
 * the provider who may be the same person answer 409 `PossibleDuplicateClient` with them as
 * `candidates`, unless the form says to save a new person anyway. The provider's entries are taken one
 * at a time (a lock of the provider for the transaction), so two people entering the same person at
 * once find each other instead of making two.
 */
export async function createProviderClient(
  db: Db,
  scope: ProviderScope,
  input: ProviderClientCreate,
): Promise<ProviderEntryCreated> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`provider-clients:${scope.providerId}`}, 0))`,
    );
    // The carer's form's checks, without its relationship: the provider enters the client.
    const { errors } = await resolveReferences(tx, { ...input, isClient: true });
    if (errors.length > 0) throw new FieldValidationError(errors);
    if (!input.allowDuplicate) {
      const candidates = await possibleDuplicates(tx, scope, input);
      if (candidates.length > 0) {
        throw new AppError('PossibleDuplicateClient', 'People like this one are on file already.', {
          extensions: { candidates },
        });
      }
    }
    const [client] = await tx
      .insert(clients)
      .values({
        ...clientColumns({ ...input, isClient: true }, { isSelf: false, relationshipTypeId: null }),
        birthNumber: input.birthNumber ?? null,
        providerId: scope.providerId,
        ownerUserId: null,
      })
      .returning({ id: clients.id });
    if (!client) throw new Error('Insert returned no client');
    await savePersons(tx, client.id, input);
    await tx.insert(consents).values({
      userId: scope.userId,
      onBehalfOfClientId: client.id,
      kind: 'provider-record',
      version: providerRecordConsentVersion,
    });
    const [careCase] = await tx
      .insert(cases)
      .values({ name: fullName(input), clientId: client.id, ownerUserId: null })
      .returning({ id: cases.id });
    if (!careCase) throw new Error('Insert returned no case');
    const careRequestId = await insertEntry(
      tx,
      scope,
      { clientId: client.id, caseId: careCase.id },
      input.request,
      'request.',
    );
    return { clientId: client.id, careRequestId };
  });
}
