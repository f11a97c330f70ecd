import {
  type CareRequestCase,
  type CareRequestClient,
  type CareRequestService,
  type CareRequestSurvey,
  type Currency,
  caseSurveyTypes,
  type DocumentFile,
  fullName,
  type ServiceForm,
  type ServiceTypeCode,
  type SurveyAnswers,
  SurveyDocumentSchema,
  type SurveyType,
  surveyAnswersSchema,
} from '@opora/contracts';
import type { DbExecutor } from '@opora/db';
import { type SQL, sql } from 'drizzle-orm';
import { readCase } from '../cases/case-views.ts';
import { addressOf, priceOf } from '../catalogue/service-rows.ts';
import { readClient } from '../clients/client-views.ts';
import { NotFoundError } from '../platform/errors.ts';
import { isoInstant } from '../platform/sql-time.ts';

type ServiceRow = {
  id: string;
  name: string;
  status: 'active' | 'draft' | 'archive';
  service_type_code: ServiceTypeCode;
  form: ServiceForm;
  price_amount_minor: number | null;
  price_currency: Currency | null;
  price_vat_rate_percent: number | null;
  place: string | null;
  facility_id: string;
  facility_name: string;
  street: string | null;
  city: string | null;
  zipcode: string | null;
  provider_id: string;
  provider_name: string;
  provider_verified: boolean;
  contact_phone: string | null;
  contact_email: string | null;
  provider_url: string | null;
  contacts: {
    first_name: string | null;
    last_name: string | null;
    email: string | null;
    phone: string | null;
  }[];
};

export type RequestService = CareRequestService & { status: ServiceRow['status'] };

/**
 * A service as a request names it (any status: a request keeps showing its service after the provider
 * archived it), with the provider's public contacts; undefined when there is no such service.
 */
export async function readRequestService(
  db: DbExecutor,
  serviceId: string,
): Promise<RequestService | undefined> {
  const { rows } = await db.execute<ServiceRow>(sql`
    select fs.id, fs.name, fs.status, st.code as service_type_code, fs.form,
      fs.price_amount_minor, fs.price_currency, fs.price_vat_rate_percent, fs.place,
      f.id as facility_id, f.name as facility_name, f.street, f.city, f.zipcode,
      p.id as provider_id, p.name as provider_name, p.verified as provider_verified,
      p.contact_phone, p.contact_email, p.url as provider_url,
      (select coalesce(json_agg(json_build_object('first_name', k.first_name, 'last_name', k.last_name,
                                                  'email', k.email, 'phone', k.phone)
                                order by k.last_name, k.first_name, k.id), '[]')
       from contacts k where k.provider_id = p.id and k.type = 'public') as contacts
    from facility_services fs
    join service_types st on st.id = fs.service_type_id
    join facilities f on f.id = fs.facility_id
    join providers p on p.id = fs.provider_id
    where fs.id = ${serviceId}
  `);
  const row = rows[0];
  if (!row) return undefined;
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    serviceType: { code: row.service_type_code },
    form: row.form,
    price: priceOf(row),
    place: row.place,
    facility: { id: row.facility_id, name: row.facility_name, address: addressOf(row) },
    provider: {
      id: row.provider_id,
      name: row.provider_name,
      verified: row.provider_verified,
      contactPhone: row.contact_phone,
      contactEmail: row.contact_email,
      url: row.provider_url,
      contacts: row.contacts.map((contact) => ({
        fullName: fullName({ firstName: contact.first_name, lastName: contact.last_name }),
        email: contact.email,
        phone: contact.phone,
      })),
    },
  };
}

/** `service` without the catalogue status, as the contracts answer it. */
export function withoutStatus({ status: _status, ...service }: RequestService): CareRequestService {
  return service;
}

/** The caller's client as a request shares it with the provider, or 404. */
export async function readRequestClient(
  db: DbExecutor,
  userId: string,
  clientId: string,
): Promise<CareRequestClient> {
  const client = await readClient(db, userId, clientId);
  return {
    id: client.id,
    isClient: client.isClient,
    relationshipType: client.relationshipType,
    fullName: client.fullName,
    dateOfBirth: client.dateOfBirth,
    birthNumberMasked: client.birthNumberMasked,
    sex: client.sex,
    email: client.email,
    phone: client.phone,
    residence: client.residence,
    serviceAddressDiffers: client.serviceAddressDiffers,
    serviceAddress: client.serviceAddress,
    contactPerson: client.contactPerson,
    attendingDoctor: client.attendingDoctor,
  };
}

/** The person sending: name, e-mail and phone of their account. */
export async function readRequester(db: DbExecutor, userId: string) {
  const { rows } = await db.execute<{
    first_name: string | null;
    last_name: string | null;
    email: string | null;
    phone: string | null;
  }>(sql`select first_name, last_name, email, phone from users where id = ${userId}`);
  const row = rows[0];
  if (!row) throw new NotFoundError();
  return {
    fullName: fullName({ firstName: row.first_name, lastName: row.last_name }) || (row.email ?? ''),
    email: row.email,
    phone: row.phone,
  };
}

/** The caller's case as a request names it (reference, name, where its questionnaires stand), or 404. */
export async function readRequestCase(db: DbExecutor, userId: string, caseId: string) {
  const found = await readCase(db, userId, caseId);
  return { id: found.id, code: found.code, name: found.name, surveys: found.surveys };
}

type SurveyRow = {
  survey_definition_id: string;
  type: SurveyType;
  code: string;
  definition: Record<string, unknown>;
  answers: SurveyAnswers | null;
  submitted_at: string | null;
  updated_at: string | null;
};

function toSurvey(row: SurveyRow): CareRequestSurvey {
  const definition = SurveyDocumentSchema.parse(row.definition);
  const answers = row.answers ?? {};
  return {
    surveyDefinitionId: row.survey_definition_id,
    type: row.type,
    code: row.code,
    definition,
    answers,
    complete: surveyAnswersSchema(definition, { complete: true }).safeParse(answers).success,
    submittedAt: row.submitted_at,
    updatedAt: row.updated_at,
  };
}

/**
 * The provider's questionnaires for a draft: every published definition the service asks for, in the
 * order of their codes, with the draft's answers so far.
 */
export async function readDraftSurveys(
  db: DbExecutor,
  draftId: string,
  serviceId: string,
): Promise<CareRequestSurvey[]> {
  const { rows } = await db.execute<SurveyRow>(sql`
    select d.id as survey_definition_id, d.type, d.code, d.definition, a.answers,
      ${isoInstant(sql`a.submitted_at`)} as submitted_at, ${isoInstant(sql`a.updated_at`)} as updated_at
    from survey_definitions d
    left join survey_answers a on a.survey_definition_id = d.id and a.request_draft_id = ${draftId}
    join facility_service_surveys l on l.survey_definition_id = d.id and l.facility_service_id = ${serviceId}
    where d.status = 'published'
    order by d.code, d.id
  `);
  return rows.map(toSurvey);
}

/**
 * The questionnaires sent with a request, the answers it owns with their definitions: the case's own
 * as they stood when it was sent (extended case survey, then case survey), then the provider's.
 */
export async function readRequestSurveys(
  db: DbExecutor,
  careRequestId: string,
): Promise<CareRequestSurvey[]> {
  const { rows } = await db.execute<SurveyRow>(sql`
    select d.id as survey_definition_id, a.survey_type as type, d.code, d.definition, a.answers,
      ${isoInstant(sql`a.submitted_at`)} as submitted_at, ${isoInstant(sql`a.updated_at`)} as updated_at
    from survey_answers a join survey_definitions d on d.id = a.survey_definition_id
    where a.care_request_id = ${careRequestId}
    order by array_position(array['extended-case', 'case', 'service']::survey_type[], a.survey_type), d.code, d.id
  `);
  return rows.map(toSurvey);
}

/**
 * Where each of the case's questionnaires stood when the request was sent, read from the copies it
 * carries (as `readCases` says it of a case: no answers not started, saved a draft, submitted completed).
 */
export function sentCaseSurveyStates(surveys: readonly CareRequestSurvey[]): CareRequestCase['surveys'] {
  return caseSurveyTypes.map((type) => {
    const sent = surveys.find((survey) => survey.type === type);
    return { type, state: !sent ? 'not-started' : sent.submittedAt ? 'completed' : 'draft' };
  });
}

/** Files attached to a draft or a request, oldest first. */
export async function readDocuments(db: DbExecutor, owner: SQL): Promise<DocumentFile[]> {
  const { rows } = await db.execute<{
    id: string;
    file_name: string;
    content_type: string;
    size_bytes: string | number;
    created_at: string;
  }>(sql`
    select id, file_name, content_type, size_bytes, ${isoInstant(sql`created_at`)} as created_at
    from documents where ${owner}
    order by created_at, id
  `);
  return rows.map((row) => ({
    id: row.id,
    fileName: row.file_name,
    contentType: row.content_type,
    size: Number(row.size_bytes),
    createdDate: row.created_at,
  }));
}
