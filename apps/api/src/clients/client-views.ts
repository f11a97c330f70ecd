import {
  type Client,
  type ClientAddress,
  type ClientPerson,
  type ClientPersonRole,
  fullName,
  type Locale,
  maskBirthNumber,
  type RelationshipType,
} from '@opora/contracts';
import {
  clientPersons,
  clients,
  consents,
  counties,
  type DbExecutor,
  regions,
  relationshipTypes,
  users,
} from '@opora/db';
import { and, desc, eq, getTableColumns, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { NotFoundError } from '../platform/errors.ts';
import { relationshipTypeName } from './enum-names.ts';

/** `60200` → `602 00`, as postcodes are written; anything else unchanged. */
export function formatZipcode(zipcode: string): string {
  return /^\d{5}$/.test(zipcode) ? `${zipcode.slice(0, 3)} ${zipcode.slice(3)}` : zipcode;
}

interface AddressColumns {
  street: string | null;
  city: string | null;
  zipcode: string | null;
  countyCode: string | null;
  countyName: string | null;
  regionCode: string | null;
  regionName: string | null;
}

/** An address with its county and region, or null when it names no town or county. */
export function toClientAddress(columns: AddressColumns): ClientAddress | null {
  const { street, city, countyCode, countyName, regionCode, regionName } = columns;
  if (!city || !countyCode || !countyName || !regionCode || !regionName) return null;
  const zipcode = columns.zipcode ?? '';
  const town = `${formatZipcode(zipcode)} ${city}`.trim();
  return {
    street,
    city,
    zipcode,
    county: { code: countyCode, name: countyName },
    region: { code: regionCode, name: regionName },
    fullAddress: street ? `${street}, ${town}` : town,
  };
}

/** A relationship type named in `locale`, or null. */
export function toRelationshipType(
  id: string | null,
  code: string | null,
  locale: Locale,
): RelationshipType | null {
  if (id === null || code === null) return null;
  const typed = code as RelationshipType['code'];
  return { id, code: typed, name: relationshipTypeName(typed, locale) };
}

/**
 * The relationship a client is shown with: the stored one, or `self` for "I am the client" (stored as
 * `is_self` with no relationship, so the two ways of saying it cannot disagree). Joins `relationship_types`.
 */
export const relationshipOfClient = or(
  eq(relationshipTypes.id, clients.relationshipTypeId),
  and(clients.isSelf, isNull(clients.relationshipTypeId), eq(relationshipTypes.code, 'self')),
);

const residenceCounty = alias(counties, 'rc');
const residenceRegion = alias(regions, 'rr');
const serviceCounty = alias(counties, 'sc');
const serviceRegion = alias(regions, 'sr');
const consentGiver = alias(users, 'gu');

type PersonRow = Pick<typeof clientPersons.$inferSelect, 'id' | 'role' | 'firstName' | 'lastName' | 'phone'>;

/**
 * One statement: the addresses with their counties and regions, the people around the client (a
 * `json_agg`), and the current consent to process health data (given on the client's behalf, or by
 * the owner for themselves when they are the client).
 */
function selectClient(db: DbExecutor, userId: string | null, clientId: string) {
  const consent = db
    .select({
      grantedAt: consents.grantedAt,
      onBehalf: sql<boolean>`${consents.onBehalfOfClientId} is not null`.as('on_behalf'),
      firstName: consentGiver.firstName,
      lastName: consentGiver.lastName,
      email: consentGiver.email,
    })
    .from(consents)
    .innerJoin(consentGiver, eq(consentGiver.id, consents.userId))
    .where(
      and(
        eq(consents.kind, 'health-data'),
        isNull(consents.withdrawnAt),
        or(
          eq(consents.onBehalfOfClientId, clients.id),
          and(clients.isSelf, isNull(consents.onBehalfOfClientId), eq(consents.userId, clients.ownerUserId)),
        ),
      ),
    )
    .orderBy(desc(consents.grantedAt), consents.id)
    .limit(1)
    .as('hc');
  return db
    .select({
      client: getTableColumns(clients),
      relationshipTypeId: relationshipTypes.id,
      relationshipTypeCode: relationshipTypes.code,
      locale: users.locale,
      residenceCounty: { code: residenceCounty.code, name: residenceCounty.name },
      residenceRegion: { code: residenceRegion.code, name: residenceRegion.name },
      serviceCounty: { code: serviceCounty.code, name: serviceCounty.name },
      serviceRegion: { code: serviceRegion.code, name: serviceRegion.name },
      consent: {
        grantedAt: consent.grantedAt,
        onBehalf: consent.onBehalf,
        firstName: consent.firstName,
        lastName: consent.lastName,
        email: consent.email,
      },
      persons: sql<PersonRow[]>`coalesce((
        select json_agg(json_build_object('id', ${clientPersons.id}, 'role', ${clientPersons.role},
          'firstName', ${clientPersons.firstName}, 'lastName', ${clientPersons.lastName},
          'phone', ${clientPersons.phone}))
        from ${clientPersons} where ${clientPersons.clientId} = ${clients.id}
      ), '[]'::json)`,
    })
    .from(clients)
    .leftJoin(users, eq(users.id, clients.ownerUserId))
    .leftJoin(residenceCounty, eq(residenceCounty.code, clients.countyCode))
    .leftJoin(residenceRegion, eq(residenceRegion.code, residenceCounty.regionCode))
    .leftJoin(serviceCounty, eq(serviceCounty.code, clients.serviceCountyCode))
    .leftJoin(serviceRegion, eq(serviceRegion.code, serviceCounty.regionCode))
    .leftJoin(relationshipTypes, relationshipOfClient)
    .leftJoinLateral(consent, sql`true`)
    .where(
      and(
        eq(clients.id, clientId),
        userId === null ? isNotNull(clients.providerId) : eq(clients.ownerUserId, userId),
      ),
    );
}

type ClientRow = Awaited<ReturnType<typeof selectClient>>[number];

function toPerson(persons: PersonRow[], role: ClientPersonRole): ClientPerson | null {
  const person = persons.find((each) => each.role === role);
  if (!person) return null;
  return {
    id: person.id,
    firstName: person.firstName,
    lastName: person.lastName,
    fullName: fullName(person),
    phone: person.phone,
  };
}

function toClient(row: ClientRow): Client {
  const { client, consent } = row;
  return {
    id: client.id,
    isClient: client.isSelf,
    relationshipType: toRelationshipType(
      row.relationshipTypeId,
      row.relationshipTypeCode,
      row.locale ?? 'cs',
    ),
    firstName: client.firstName,
    lastName: client.lastName,
    fullName: fullName(client),
    dateOfBirth: client.dateOfBirth,
    birthNumberMasked: client.birthNumber === null ? null : maskBirthNumber(client.birthNumber),
    sex: client.sex,
    email: client.email,
    phone: client.phone,
    residence: toClientAddress({
      street: client.street,
      city: client.city,
      zipcode: client.zipcode,
      countyCode: row.residenceCounty?.code ?? null,
      countyName: row.residenceCounty?.name ?? null,
      regionCode: row.residenceRegion?.code ?? null,
      regionName: row.residenceRegion?.name ?? null,
    }),
    serviceAddressDiffers: client.serviceAddressDiffers,
    serviceAddress: client.serviceAddressDiffers
      ? toClientAddress({
          street: client.serviceStreet,
          city: client.serviceCity,
          zipcode: client.serviceZipcode,
          countyCode: row.serviceCounty?.code ?? null,
          countyName: row.serviceCounty?.name ?? null,
          regionCode: row.serviceRegion?.code ?? null,
          regionName: row.serviceRegion?.name ?? null,
        })
      : null,
    contactPerson: toPerson(row.persons, 'contact-person'),
    attendingDoctor: toPerson(row.persons, 'attending-doctor'),
    healthDataConsent:
      consent === null
        ? null
        : {
            grantedAt: consent.grantedAt.toISOString(),
            grantedBy: fullName(consent) || (consent.email ?? ''),
            onBehalf: consent.onBehalf,
          },
    createdDate: client.createdAt.toISOString(),
  };
}

/**
 * The caller's client as the API answers it (relationship named in the caller's language), or 404
 * `NotFoundException` — another user's client answers exactly as a missing one (`selectClient`).
 */
export async function readClient(db: DbExecutor, userId: string, clientId: string): Promise<Client> {
  const [row] = await selectClient(db, userId, clientId);
  if (!row) throw new NotFoundError();
  return toClient(row);
}

/**
 * A client a provider entered itself (`clients.provider_id`), as the carer's reader answers a client,
 * or 404. Who may read it is the caller's to decide (the provider's request scope).
 */
export async function readEnteredClient(db: DbExecutor, clientId: string): Promise<Client> {
  const [row] = await selectClient(db, null, clientId);
  if (!row) throw new NotFoundError();
  return toClient(row);
}
