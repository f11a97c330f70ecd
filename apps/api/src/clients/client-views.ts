import {
  type Client,
  type ClientAddress,
  type ClientPerson,
  type ClientPersonRole,
  fullName,
  type Locale,
  maskBirthNumber,
  type RelationshipType,
  type Sex,
} from '@opora/contracts';
import type { DbExecutor } from '@opora/db';
import { sql } from 'drizzle-orm';
import { NotFoundError } from '../platform/errors.ts';
import { isoInstant } from '../platform/sql-time.ts';
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
 * `is_self` with no relationship, so the two ways of saying it cannot disagree). SQL over `c` (clients).
 */
export const relationshipJoin = sql`left join relationship_types rt
  on rt.id = c.relationship_type_id or (c.is_self and c.relationship_type_id is null and rt.code = 'self')`;

type ClientRow = {
  id: string;
  is_self: boolean;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  date_of_birth: string | null;
  birth_number: string | null;
  sex: Sex | null;
  street: string | null;
  city: string | null;
  zipcode: string | null;
  county_code: string | null;
  county_name: string | null;
  region_code: string | null;
  region_name: string | null;
  service_address_differs: boolean;
  service_street: string | null;
  service_city: string | null;
  service_zipcode: string | null;
  service_county_code: string | null;
  service_county_name: string | null;
  service_region_code: string | null;
  service_region_name: string | null;
  relationship_type_id: string | null;
  relationship_type_code: string | null;
  locale: Locale;
  created_at: string;
  consent_granted_at: string | null;
  consent_on_behalf: boolean | null;
  consent_first_name: string | null;
  consent_last_name: string | null;
  consent_email: string | null;
  persons: {
    id: string;
    role: ClientPersonRole;
    firstName: string;
    lastName: string;
    phone: string | null;
  }[];
};

function toPerson(persons: ClientRow['persons'], role: ClientPersonRole): ClientPerson | null {
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
  return {
    id: row.id,
    isClient: row.is_self,
    relationshipType: toRelationshipType(row.relationship_type_id, row.relationship_type_code, row.locale),
    firstName: row.first_name,
    lastName: row.last_name,
    fullName: fullName({ firstName: row.first_name, lastName: row.last_name }),
    dateOfBirth: row.date_of_birth,
    birthNumberMasked: row.birth_number === null ? null : maskBirthNumber(row.birth_number),
    sex: row.sex,
    email: row.email,
    phone: row.phone,
    residence: toClientAddress({
      street: row.street,
      city: row.city,
      zipcode: row.zipcode,
      countyCode: row.county_code,
      countyName: row.county_name,
      regionCode: row.region_code,
      regionName: row.region_name,
    }),
    serviceAddressDiffers: row.service_address_differs,
    serviceAddress: row.service_address_differs
      ? toClientAddress({
          street: row.service_street,
          city: row.service_city,
          zipcode: row.service_zipcode,
          countyCode: row.service_county_code,
          countyName: row.service_county_name,
          regionCode: row.service_region_code,
          regionName: row.service_region_name,
        })
      : null,
    contactPerson: toPerson(row.persons, 'contact-person'),
    attendingDoctor: toPerson(row.persons, 'attending-doctor'),
    healthDataConsent:
      row.consent_granted_at === null
        ? null
        : {
            grantedAt: row.consent_granted_at,
            grantedBy:
              fullName({ firstName: row.consent_first_name, lastName: row.consent_last_name }) ||
              (row.consent_email ?? ''),
            onBehalf: row.consent_on_behalf ?? false,
          },
    createdDate: row.created_at,
  };
}

/**
 * The caller's client as the API answers it (relationship named in the caller's language), or 404
 * `NotFoundException` — another user's client answers exactly as a missing one. One statement: the
 * addresses with their counties and regions, the people around the client, and the current consent
 * to process health data (given on the client's behalf, or by the owner for themselves when they
 * are the client).
 */
export async function readClient(db: DbExecutor, userId: string, clientId: string): Promise<Client> {
  const { rows } = await db.execute<ClientRow>(sql`
    select c.id, c.is_self, c.first_name, c.last_name, c.email, c.phone,
      c.date_of_birth::text as date_of_birth, c.birth_number, c.sex,
      c.street, c.city, c.zipcode, rc.code as county_code, rc.name as county_name,
      rr.code as region_code, rr.name as region_name,
      c.service_address_differs, c.service_street, c.service_city, c.service_zipcode,
      sc.code as service_county_code, sc.name as service_county_name,
      sr.code as service_region_code, sr.name as service_region_name,
      rt.id as relationship_type_id, rt.code as relationship_type_code,
      u.locale, ${isoInstant(sql`c.created_at`)} as created_at,
      ${isoInstant(sql`hc.granted_at`)} as consent_granted_at, hc.on_behalf as consent_on_behalf,
      hc.first_name as consent_first_name, hc.last_name as consent_last_name, hc.email as consent_email,
      coalesce((
        select json_agg(json_build_object('id', p.id, 'role', p.role, 'firstName', p.first_name,
                                          'lastName', p.last_name, 'phone', p.phone))
        from client_persons p where p.client_id = c.id
      ), '[]'::json) as persons
    from clients c
    join users u on u.id = c.owner_user_id
    left join counties rc on rc.code = c.county_code
    left join regions rr on rr.code = rc.region_code
    left join counties sc on sc.code = c.service_county_code
    left join regions sr on sr.code = sc.region_code
    ${relationshipJoin}
    left join lateral (
      select k.granted_at, k.on_behalf_of_client_id is not null as on_behalf,
        gu.first_name, gu.last_name, gu.email
      from consents k join users gu on gu.id = k.user_id
      where k.kind = 'health-data' and k.withdrawn_at is null
        and (k.on_behalf_of_client_id = c.id
             or (c.is_self and k.on_behalf_of_client_id is null and k.user_id = c.owner_user_id))
      order by k.granted_at desc, k.id
      limit 1
    ) hc on true
    where c.id = ${clientId} and c.owner_user_id = ${userId}
  `);
  const row = rows[0];
  if (!row) throw new NotFoundError();
  return toClient(row);
}
