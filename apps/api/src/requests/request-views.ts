import {
  businessTimeZone,
  type CareRequestCase,
  type CareRequestClient,
  type CareRequestService,
  type CareRequestStatusCode,
  type CareRequestSurvey,
  careRequestAnswerDays,
  caseSurveyTypes,
  type DocumentFile,
  fullName,
  type ServiceTypeCode,
  type SurveyAnswers,
  SurveyDocumentSchema,
  type SurveyType,
  surveyAnswersSchema,
} from '@opora/contracts';
import {
  careRequests,
  cases,
  contacts,
  type DbExecutor,
  documents,
  facilities,
  facilityServiceSurveys,
  facilityServices,
  providers,
  requestStatuses,
  serviceTypes,
  surveyAnswers,
  surveyDefinitions,
  users,
} from '@opora/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { readCase } from '../cases/case-views.ts';
import { addressOf, priceOf } from '../catalogue/service-rows.ts';
import { readClient, readEnteredClient } from '../clients/client-views.ts';
import { NotFoundError } from '../platform/errors.ts';

/**
 * The day a request's answer is expected by (`yyyy-MM-dd`): its creation day in the business time zone
 * plus the answer days — date arithmetic in a time zone, which the query builder cannot say.
 */
export function answerExpectedBy(createdAt: AnyPgColumn = careRequests.createdAt) {
  return sql<string>`to_char(
    (${createdAt} at time zone ${businessTimeZone})::date + ${careRequestAnswerDays}::int, 'YYYY-MM-DD')`;
}

/** A request status's code: reference data, whose codes are the contracts' (the column is plain text). */
export const statusCode = sql<CareRequestStatusCode>`${requestStatuses.code}`;

export type RequestService = CareRequestService & {
  status: (typeof facilityServices.$inferSelect)['status'];
  /** Its provider's plan lists it (decision 0098): an unpaid provider's services take no new requests. */
  listed: boolean;
};

/**
 * A service as a request names it (any status: a request keeps showing its service after the provider
 * archived it), with the provider's public contacts; undefined when there is no such service.
 */
export async function readRequestService(
  db: DbExecutor,
  serviceId: string,
): Promise<RequestService | undefined> {
  const [row] = await db
    .select({
      id: facilityServices.id,
      name: facilityServices.name,
      status: facilityServices.status,
      serviceTypeCode: serviceTypes.code,
      form: facilityServices.form,
      price_amount_minor: facilityServices.priceAmountMinor,
      price_currency: facilityServices.priceCurrency,
      price_vat_rate_percent: facilityServices.priceVatRatePercent,
      place: facilityServices.place,
      facilityId: facilities.id,
      facilityName: facilities.name,
      street: facilities.street,
      city: facilities.city,
      zipcode: facilities.zipcode,
      providerId: providers.id,
      providerName: providers.name,
      providerVerified: providers.verified,
      providerListed: providers.listed,
      contactPhone: providers.contactPhone,
      contactEmail: providers.contactEmail,
      providerUrl: providers.url,
      // One statement for the service and its contacts: json_agg, which the builder cannot say.
      contacts: sql<Pick<typeof contacts.$inferSelect, 'firstName' | 'lastName' | 'email' | 'phone'>[]>`(
        select coalesce(json_agg(json_build_object('firstName', ${contacts.firstName},
            'lastName', ${contacts.lastName}, 'email', ${contacts.email}, 'phone', ${contacts.phone})
          order by ${contacts.lastName}, ${contacts.firstName}, ${contacts.id}), '[]')
        from ${contacts} where ${contacts.providerId} = ${providers.id} and ${contacts.type} = 'public')`,
    })
    .from(facilityServices)
    .innerJoin(serviceTypes, eq(serviceTypes.id, facilityServices.serviceTypeId))
    .innerJoin(facilities, eq(facilities.id, facilityServices.facilityId))
    .innerJoin(providers, eq(providers.id, facilityServices.providerId))
    .where(eq(facilityServices.id, serviceId));
  if (!row) return undefined;
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    listed: row.providerListed,
    // Reference data: the codes are the contracts' (the column is plain text).
    serviceType: { code: row.serviceTypeCode as ServiceTypeCode },
    form: row.form,
    price: priceOf(row),
    place: row.place,
    facility: { id: row.facilityId, name: row.facilityName, address: addressOf(row) },
    provider: {
      id: row.providerId,
      name: row.providerName,
      verified: row.providerVerified,
      contactPhone: row.contactPhone,
      contactEmail: row.contactEmail,
      url: row.providerUrl,
      contacts: row.contacts.map((contact) => ({
        fullName: fullName(contact),
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

/**
 * The caller's client as a request shares it with the provider, or 404; with `userId` null, a client
 * the provider entered itself (its own request).
 */
export async function readRequestClient(
  db: DbExecutor,
  userId: string | null,
  clientId: string,
): Promise<CareRequestClient> {
  const client =
    userId === null ? await readEnteredClient(db, clientId) : await readClient(db, userId, clientId);
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
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email, phone: users.phone })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new NotFoundError();
  return { fullName: fullName(row) || (row.email ?? ''), email: row.email, phone: row.phone };
}

/** The caller's case as a request names it (reference, name, where its questionnaires stand), or 404. */
export async function readRequestCase(db: DbExecutor, userId: string | null, caseId: string) {
  if (userId === null) {
    // A provider's own client's case: no carer, no questionnaires of the case.
    const [found] = await db
      .select({ id: cases.id, code: cases.code, name: cases.name })
      .from(cases)
      .where(and(eq(cases.id, caseId), isNull(cases.ownerUserId)));
    if (!found) throw new NotFoundError();
    return { ...found, surveys: [] };
  }
  const found = await readCase(db, userId, caseId);
  return { id: found.id, code: found.code, name: found.name, surveys: found.surveys };
}

/** A questionnaire's columns as `toSurvey` reads them; `type` is the definition's or the answers'. */
function surveyColumns<Type extends typeof surveyDefinitions.type | typeof surveyAnswers.surveyType>(
  type: Type,
) {
  return {
    surveyDefinitionId: surveyDefinitions.id,
    type,
    code: surveyDefinitions.code,
    definition: surveyDefinitions.definition,
    answers: surveyAnswers.answers,
    submittedAt: surveyAnswers.submittedAt,
    updatedAt: surveyAnswers.updatedAt,
  };
}

function toSurvey(row: {
  surveyDefinitionId: string;
  type: SurveyType;
  code: string;
  definition: Record<string, unknown>;
  answers: Record<string, unknown> | null;
  submittedAt: Date | null;
  updatedAt: Date | null;
}): CareRequestSurvey {
  const definition = SurveyDocumentSchema.parse(row.definition);
  const answers = (row.answers ?? {}) as SurveyAnswers;
  return {
    surveyDefinitionId: row.surveyDefinitionId,
    type: row.type,
    code: row.code,
    definition,
    answers,
    complete: surveyAnswersSchema(definition, { complete: true }).safeParse(answers).success,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt?.toISOString() ?? null,
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
  const rows = await db
    .select(surveyColumns(surveyDefinitions.type))
    .from(surveyDefinitions)
    .leftJoin(
      surveyAnswers,
      and(
        eq(surveyAnswers.surveyDefinitionId, surveyDefinitions.id),
        eq(surveyAnswers.requestDraftId, draftId),
      ),
    )
    .innerJoin(
      facilityServiceSurveys,
      and(
        eq(facilityServiceSurveys.surveyDefinitionId, surveyDefinitions.id),
        eq(facilityServiceSurveys.facilityServiceId, serviceId),
      ),
    )
    .where(eq(surveyDefinitions.status, 'published'))
    .orderBy(surveyDefinitions.code, surveyDefinitions.id);
  return rows.map(toSurvey);
}

/** The case's own questionnaires first (extended case survey, then case survey), then the provider's. */
const sentSurveyOrder = sql`array_position(array['extended-case', 'case', 'service']::survey_type[], ${surveyAnswers.surveyType})`;

/**
 * The questionnaires sent with a request, the answers it owns with their definitions: the case's own
 * as they stood when it was sent (extended case survey, then case survey), then the provider's.
 */
export async function readRequestSurveys(
  db: DbExecutor,
  careRequestId: string,
): Promise<CareRequestSurvey[]> {
  const rows = await db
    .select(surveyColumns(surveyAnswers.surveyType))
    .from(surveyAnswers)
    .innerJoin(surveyDefinitions, eq(surveyDefinitions.id, surveyAnswers.surveyDefinitionId))
    .where(eq(surveyAnswers.careRequestId, careRequestId))
    .orderBy(sentSurveyOrder, surveyDefinitions.code, surveyDefinitions.id);
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
export async function readDocuments(
  db: DbExecutor,
  owner: { careRequestId: string } | { requestDraftId: string },
): Promise<DocumentFile[]> {
  const rows = await db
    .select({
      id: documents.id,
      fileName: documents.fileName,
      contentType: documents.contentType,
      size: documents.sizeBytes,
      createdAt: documents.createdAt,
    })
    .from(documents)
    .where(
      'careRequestId' in owner
        ? eq(documents.careRequestId, owner.careRequestId)
        : eq(documents.requestDraftId, owner.requestDraftId),
    )
    .orderBy(documents.createdAt, documents.id);
  return rows.map(({ createdAt, ...row }) => ({ ...row, createdDate: createdAt.toISOString() }));
}
