import {
  type ClientAddressInput,
  type ClientForm,
  clientPersonRoles,
  createErrorDetail,
  type ErrorDetail,
} from '@opora/contracts';
import { clientPersons, type clients, counties, type DbExecutor, relationshipTypes } from '@opora/db';
import { and, eq, sql } from 'drizzle-orm';

/** The form's fields both create and update take (they differ only in how the birth number is kept). */
export type ClientFields = Omit<ClientForm, 'birthNumber'>;

/** What the form says after the references were checked: whether the client is the account holder. */
export interface ResolvedReferences {
  isSelf: boolean;
  relationshipTypeId: string | null;
}

/**
 * Checks what the form chose from lists against the database: the relationship (unless the caller is
 * the client) and the counties of the addresses. Answers the field errors (`invalidOption` on the
 * field, as a missing choice from a list reads) and the relationship to store; choosing the `self`
 * relationship means "I am the client", stored as `is_self` without a relationship.
 */
export async function resolveReferences(
  db: DbExecutor,
  input: ClientFields,
): Promise<{ references: ResolvedReferences; errors: ErrorDetail[] }> {
  const relationshipTypeId = input.isClient ? null : (input.relationshipTypeId ?? null);
  const serviceCountyCode = input.serviceAddressDiffers ? (input.serviceAddress?.countyCode ?? null) : null;
  // Three look-ups in one round trip: a select without `from`, which the builder does not write.
  const { rows } = await db.execute<{
    relationship_code: (typeof relationshipTypes.$inferSelect)['code'] | null;
    residence_county: boolean;
    service_county: boolean;
  }>(sql`
    select
      (select ${relationshipTypes.code} from ${relationshipTypes} where ${relationshipTypes.id} = ${relationshipTypeId})
        as relationship_code,
      exists (select from ${counties} where ${counties.code} = ${input.residence.countyCode}) as residence_county,
      exists (select from ${counties} where ${counties.code} = ${serviceCountyCode}) as service_county
  `);
  const found = rows[0];
  const errors: ErrorDetail[] = [];
  if (relationshipTypeId !== null && !found?.relationship_code) {
    errors.push(createErrorDetail('relationshipTypeId', 'invalidOption'));
  }
  if (!found?.residence_county) errors.push(createErrorDetail('residence.countyCode', 'invalidOption'));
  if (serviceCountyCode !== null && !found?.service_county) {
    errors.push(createErrorDetail('serviceAddress.countyCode', 'invalidOption'));
  }
  const isSelf = input.isClient || found?.relationship_code === 'self';
  return { references: { isSelf, relationshipTypeId: isSelf ? null : relationshipTypeId }, errors };
}

function addressColumns(address: ClientAddressInput | undefined) {
  return {
    street: address?.street ?? null,
    city: address?.city ?? null,
    zipcode: address?.zipcode ?? null,
    countyCode: address?.countyCode ?? null,
  };
}

/**
 * The client row's columns from the form. The service address is kept only while it differs from the
 * permanent residence; phones and the birth number arrive normalised (E.164, digits only).
 */
export function clientColumns(
  input: ClientFields,
  references: ResolvedReferences,
): Omit<typeof clients.$inferInsert, 'birthNumber' | 'ownerUserId'> {
  const residence = addressColumns(input.residence);
  const service = addressColumns(input.serviceAddressDiffers ? input.serviceAddress : undefined);
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email ?? null,
    phone: input.phone ?? null,
    dateOfBirth: input.dateOfBirth,
    sex: input.sex,
    ...residence,
    serviceAddressDiffers: input.serviceAddressDiffers,
    serviceStreet: service.street,
    serviceCity: service.city,
    serviceZipcode: service.zipcode,
    serviceCountyCode: service.countyCode,
    isSelf: references.isSelf,
    relationshipTypeId: references.relationshipTypeId,
  };
}

const personFields = { 'contact-person': 'contactPerson', 'attending-doctor': 'attendingDoctor' } as const;

/**
 * The contact person and the attending doctor, one row per role: a person in the form is written
 * (replacing the one stored), a person left out is removed.
 */
export async function savePersons(
  db: DbExecutor,
  clientId: string,
  input: Pick<ClientFields, 'contactPerson' | 'attendingDoctor'>,
): Promise<void> {
  for (const role of clientPersonRoles) {
    const person = input[personFields[role]];
    if (person === undefined) {
      await db
        .delete(clientPersons)
        .where(and(eq(clientPersons.clientId, clientId), eq(clientPersons.role, role)));
      continue;
    }
    const columns = { firstName: person.firstName, lastName: person.lastName, phone: person.phone ?? null };
    await db
      .insert(clientPersons)
      .values({ clientId, role, ...columns })
      .onConflictDoUpdate({
        target: [clientPersons.clientId, clientPersons.role],
        set: { ...columns, updatedAt: sql`now()` },
      });
  }
}
