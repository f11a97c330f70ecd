import type { ProviderContact, ProviderContactCreate, ProviderContactUpdate } from '@opora/contracts';
import { contacts, type DbExecutor, facilities } from '@opora/db';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { ConflictError, NotFoundError } from '../platform/errors.ts';
import { deleteAtRevision, updateAtRevision } from '../platform/optimistic-update.ts';
import type { ProviderScope } from '../platform/provider-scope.ts';
import { readContact, requireAccess } from './provider-records.ts';

/** A contact row of the provider or of one of its facilities. */
function contactInScope(providerId: string): SQL {
  return sql`(${contacts.providerId} = ${providerId} or ${contacts.facilityId} in (select ${facilities.id} from ${facilities} where ${facilities.providerId} = ${providerId}))`;
}

function contactValues(input: Omit<ProviderContactUpdate, 'revision'>) {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email ?? null,
    phone: input.phone ?? null,
    alternatePhone: input.alternatePhone ?? null,
    note: input.note ?? null,
    type: input.type,
  };
}

/** The provider's own contacts are its administrators'; a facility's also its coordinators'. */
function requireContactAccess(scope: ProviderScope, facilityId: string | null): void {
  requireAccess(scope, facilityId === null ? 'editProvider' : 'editFacilityContacts');
}

async function saved(db: DbExecutor, providerId: string, contactId: string): Promise<ProviderContact> {
  const contact = await readContact(db, providerId, contactId);
  if (!contact) throw new Error('The contact vanished after its save.');
  return contact;
}

/** Adds a contact to the provider, or to one of its facilities (`facilityId`). */
export async function createProviderContact(
  db: DbExecutor,
  scope: ProviderScope,
  input: ProviderContactCreate,
): Promise<ProviderContact> {
  const facilityId = input.facilityId ?? null;
  if (facilityId !== null) {
    const [facility] = await db
      .select({ sameAsProvider: facilities.sameAsProvider })
      .from(facilities)
      .where(and(eq(facilities.id, facilityId), eq(facilities.providerId, scope.providerId)));
    if (!facility) throw new NotFoundError();
    requireContactAccess(scope, facilityId);
    if (facility.sameAsProvider) {
      throw new ConflictError('A facility “same as provider” has the provider’s contacts; add them there.');
    }
  } else {
    requireContactAccess(scope, null);
  }
  const [row] = await db
    .insert(contacts)
    .values({
      ...contactValues(input),
      providerId: facilityId === null ? scope.providerId : null,
      facilityId,
    })
    .returning({ id: contacts.id });
  if (!row) throw new Error('The contact was not inserted.');
  return saved(db, scope.providerId, row.id);
}

/** Reads the contact in the provider (404 otherwise) and checks the caller may change it. */
async function editableContact(db: DbExecutor, scope: ProviderScope, contactId: string) {
  const contact = await readContact(db, scope.providerId, contactId);
  if (!contact) throw new NotFoundError();
  requireContactAccess(scope, contact.facilityId);
  return contact;
}

export async function updateProviderContact(
  db: DbExecutor,
  scope: ProviderScope,
  contactId: string,
  input: ProviderContactUpdate,
): Promise<ProviderContact> {
  await editableContact(db, scope, contactId);
  await updateAtRevision(db, contacts, contactValues(input), {
    id: contactId,
    revision: input.revision,
    scope: contactInScope(scope.providerId),
    current: () => readContact(db, scope.providerId, contactId),
  });
  return saved(db, scope.providerId, contactId);
}

/** Deletes the contact as the caller saw it (`revision`); one changed since is kept (409). */
export async function deleteProviderContact(
  db: DbExecutor,
  scope: ProviderScope,
  contactId: string,
  revision: number,
): Promise<void> {
  await editableContact(db, scope, contactId);
  await deleteAtRevision(db, contacts, {
    id: contactId,
    revision,
    scope: contactInScope(scope.providerId),
    current: () => readContact(db, scope.providerId, contactId),
  });
}
