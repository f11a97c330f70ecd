import {
  fullName,
  maskBirthNumber,
  type PossibleDuplicate,
  type ProviderClientCreate,
} from '@opora/contracts';
import { clients, type DbExecutor } from '@opora/db';
import { and, asc, eq, exists, or, sql } from 'drizzle-orm';
import { careRequestInScope, type ProviderScope } from '../platform/provider-scope.ts';
import { foldedSql } from '../provider-inbox/request-rows.ts';
import { cr } from '../requests/care-request-view.ts';

/** How many people "this may be the same person" offers at most. */
const candidateLimit = 10;

/**
 * The provider's own clients who may be the person being entered — the same birth number, or the same
 * first name, last name (without accents and case) and date of birth, the check referral networks make
 * — among those the caller may see (a request of theirs in the caller's scope): a worker is not shown
 * the names of another facility's clients.
 */
export async function possibleDuplicates(
  tx: DbExecutor,
  scope: ProviderScope,
  person: Pick<ProviderClientCreate, 'firstName' | 'lastName' | 'dateOfBirth' | 'birthNumber'>,
): Promise<PossibleDuplicate[]> {
  const sameBirthNumber =
    person.birthNumber === undefined ? undefined : eq(clients.birthNumber, person.birthNumber);
  const sameNameAndBirth = and(
    eq(clients.dateOfBirth, person.dateOfBirth),
    sql`${foldedSql(sql`${clients.firstName}`)} = ${foldedSql(sql`${person.firstName}::text`)}`,
    sql`${foldedSql(sql`${clients.lastName}`)} = ${foldedSql(sql`${person.lastName}::text`)}`,
  );
  const rows = await tx
    .select({
      id: clients.id,
      firstName: clients.firstName,
      lastName: clients.lastName,
      dateOfBirth: clients.dateOfBirth,
      birthNumber: clients.birthNumber,
    })
    .from(clients)
    .where(
      and(
        eq(clients.providerId, scope.providerId),
        or(sameBirthNumber, sameNameAndBirth),
        exists(
          tx
            .select({ one: sql`1` })
            .from(cr)
            .where(and(eq(cr.clientId, clients.id), careRequestInScope(scope))),
        ),
      ),
    )
    .orderBy(asc(clients.lastName), asc(clients.firstName), asc(clients.id))
    .limit(candidateLimit);
  return rows.map((row) => ({
    id: row.id,
    fullName: fullName(row),
    dateOfBirth: row.dateOfBirth,
    birthNumberMasked: row.birthNumber === null ? null : maskBirthNumber(row.birthNumber),
    matchedBy:
      person.birthNumber !== undefined && row.birthNumber === person.birthNumber
        ? 'birthNumber'
        : 'nameAndDateOfBirth',
  }));
}
