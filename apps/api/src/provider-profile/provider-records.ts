import {
  type FacilityDetail,
  type FacilityRecord,
  type FacilitySummary,
  fullName,
  type PlaceAddress,
  type ProviderContact,
  type ProviderProfile,
  type ProviderProfileAccess,
  type ProviderRecord,
} from '@opora/contracts';
import { contacts, counties, type DbExecutor, facilities, facilityServices, providers } from '@opora/db';
import { and, asc, count, eq, isNull, or, type SQL } from 'drizzle-orm';
import { ForbiddenError, NotFoundError } from '../platform/errors.ts';
import type { ProviderScope } from '../platform/provider-scope.ts';

/** What the caller may change in the provider (SPEC §6; issue 23 "Access"). */
export function profileAccess(scope: ProviderScope): ProviderProfileAccess {
  const administrator = scope.roles.includes('providerAdmin');
  return {
    editProvider: administrator,
    editFacilityContacts: administrator || scope.roles.includes('providerCoordinator'),
  };
}

/** Refuses (403) a member of the provider whose roles there do not allow the change. */
export function requireAccess(scope: ProviderScope, right: keyof ProviderProfileAccess): void {
  if (!profileAccess(scope)[right]) throw new ForbiddenError();
}

function placeAddress(row: {
  street: string | null;
  city: string | null;
  zipcode: string | null;
  countyCode: string | null;
  countyName: string | null;
}): PlaceAddress {
  return {
    street: row.street,
    city: row.city,
    zipcode: row.zipcode,
    county: row.countyCode && row.countyName ? { code: row.countyCode, name: row.countyName } : null,
  };
}

export async function readProviderRecord(
  db: DbExecutor,
  providerId: string,
): Promise<ProviderRecord | undefined> {
  const [row] = await db
    .select({ provider: providers, countyName: counties.name })
    .from(providers)
    .leftJoin(counties, eq(counties.code, providers.countyCode))
    .where(eq(providers.id, providerId));
  if (!row) return undefined;
  const { provider } = row;
  return {
    id: provider.id,
    revision: provider.revision,
    name: provider.name,
    address: placeAddress({ ...provider, countyName: row.countyName }),
    billingAddress: {
      name: provider.billingName,
      street: provider.billingStreet,
      city: provider.billingCity,
      zipcode: provider.billingZipcode,
    },
    identificationCode: provider.identificationCode,
    taxCode: provider.taxCode,
    requestsEmail: provider.requestsEmail,
    contactPhone: provider.contactPhone,
    contactEmail: provider.contactEmail,
    url: provider.url,
    description: provider.description,
    logoUrl: provider.logoUrl,
    verified: provider.verified,
  };
}

/** A facility of the provider, or undefined when it is another provider's or missing. */
export async function readFacilityRecord(
  db: DbExecutor,
  providerId: string,
  facilityId: string,
): Promise<FacilityRecord | undefined> {
  const [row] = await db
    .select({ facility: facilities, countyName: counties.name })
    .from(facilities)
    .leftJoin(counties, eq(counties.code, facilities.countyCode))
    .where(and(eq(facilities.id, facilityId), eq(facilities.providerId, providerId)));
  if (!row) return undefined;
  const { facility } = row;
  return {
    id: facility.id,
    revision: facility.revision,
    name: facility.name,
    type: facility.type,
    web: facility.web,
    description: facility.description,
    sameAsProvider: facility.sameAsProvider,
    // Same as provider: the database keeps these columns equal to the provider's (migration 0018).
    address: placeAddress({ ...facility, countyName: row.countyName }),
  };
}

function toContact(row: typeof contacts.$inferSelect): ProviderContact {
  const firstName = row.firstName ?? '';
  const lastName = row.lastName ?? '';
  return {
    id: row.id,
    revision: row.revision,
    facilityId: row.facilityId,
    firstName,
    lastName,
    fullName: fullName({ firstName, lastName }),
    email: row.email,
    phone: row.phone,
    alternatePhone: row.alternatePhone,
    note: row.note,
    type: row.type,
  };
}

/**
 * A contact of the provider or of one of its facilities, or undefined when it is another provider's
 * or missing. Contacts of a facility carry no provider id: the facility says whose they are.
 */
export async function readContact(
  db: DbExecutor,
  providerId: string,
  contactId: string,
): Promise<ProviderContact | undefined> {
  const [row] = await db
    .select({ contact: contacts })
    .from(contacts)
    .leftJoin(facilities, eq(facilities.id, contacts.facilityId))
    .where(and(eq(contacts.id, contactId), contactOfProvider(providerId)));
  return row ? toContact(row.contact) : undefined;
}

/** `contacts` rows of the provider or its facilities (with `facilities` left-joined on `facility_id`). */
export function contactOfProvider(providerId: string): SQL | undefined {
  return or(eq(contacts.providerId, providerId), eq(facilities.providerId, providerId));
}

async function contactsWhere(db: DbExecutor, where: SQL | undefined): Promise<ProviderContact[]> {
  const rows = await db
    .select()
    .from(contacts)
    .where(where)
    .orderBy(asc(contacts.lastName), asc(contacts.firstName), asc(contacts.id));
  return rows.map(toContact);
}

export async function readProviderProfile(db: DbExecutor, scope: ProviderScope): Promise<ProviderProfile> {
  const provider = await readProviderRecord(db, scope.providerId);
  if (!provider) throw new NotFoundError();
  const facilityRows = await db
    .select({ facility: facilities, countyName: counties.name, serviceCount: count(facilityServices.id) })
    .from(facilities)
    .leftJoin(counties, eq(counties.code, facilities.countyCode))
    .leftJoin(facilityServices, eq(facilityServices.facilityId, facilities.id))
    .where(eq(facilities.providerId, scope.providerId))
    .groupBy(facilities.id, counties.name)
    .orderBy(asc(facilities.name), asc(facilities.id));
  const facilityList: FacilitySummary[] = facilityRows.map(({ facility, countyName, serviceCount }) => ({
    id: facility.id,
    name: facility.name,
    type: facility.type,
    address: placeAddress({ ...facility, countyName }),
    sameAsProvider: facility.sameAsProvider,
    serviceCount,
  }));
  return {
    provider,
    facilities: facilityList,
    contacts: await contactsWhere(db, eq(contacts.providerId, scope.providerId)),
    access: profileAccess(scope),
  };
}

export async function readFacilityDetail(
  db: DbExecutor,
  scope: ProviderScope,
  facilityId: string,
): Promise<FacilityDetail> {
  const facility = await readFacilityRecord(db, scope.providerId, facilityId);
  if (!facility) throw new NotFoundError();
  const services = await db
    .select({ id: facilityServices.id, name: facilityServices.name, status: facilityServices.status })
    .from(facilityServices)
    .where(
      and(eq(facilityServices.facilityId, facilityId), eq(facilityServices.providerId, scope.providerId)),
    )
    .orderBy(asc(facilityServices.name), asc(facilityServices.id));
  return {
    facility,
    contacts: await contactsWhere(
      db,
      facility.sameAsProvider
        ? and(eq(contacts.providerId, scope.providerId), isNull(contacts.facilityId))
        : eq(contacts.facilityId, facilityId),
    ),
    services,
    access: profileAccess(scope),
  };
}
