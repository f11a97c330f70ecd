import { z } from 'zod';
import { careRequestDeclineReasons } from '../care-request-decisions.ts';
import { providerEntrySources } from '../care-request-sources.ts';
import { ProblemDetailsSchema } from '../errors.ts';
import { birthNumberMatchesDateOfBirth } from '../validation/birth-number.ts';
import {
  ClientConsentSchema,
  DateTimeSchema,
  IsoDateSchema,
  optionalText,
  requiredOr,
  whenObject,
  whenStrings,
} from '../validation/fields.ts';
import {
  CareRequestClientSchema,
  CareRequestSourceSchema,
  CareRequestStatusCodeSchema,
} from './care-requests.ts';
import { clientPersonFields, serviceAddressRule } from './clients.ts';
import { IdParamSchema, IdSchema, SelectedIdSchema } from './common.ts';

// A provider's own clients (issue 24 §2, SPEC §1 "providers can also enter their own clients"): people
// who phoned, walked in, wrote or were referred, entered with a request on one of the provider's
// services, and the record of care a provider keeps of each client it has requests of.

export const ProviderEntrySourceSchema = z.enum(providerEntrySources, { error: requiredOr('invalidOption') });

/** A request the provider enters for its own client: the service, where it came from, a note. */
export const ProviderEntryRequestSchema = z
  .object({
    facilityServiceId: SelectedIdSchema,
    source: ProviderEntrySourceSchema,
    /** What the client asked for, as the provider noted it (the requester's message of an Opora request). */
    message: optionalText({ max: 2000, multiline: true }),
  })
  .meta({ id: 'ProviderEntryRequestBody' });
export type ProviderEntryRequest = z.infer<typeof ProviderEntryRequestSchema>;
export type ProviderEntryRequestInput = z.input<typeof ProviderEntryRequestSchema>;

/**
 * `POST …/providers/{providerId}/clients`: the client form carers use (without how the person filling
 * it relates to the client: the provider enters the client), the client's consent to the provider
 * keeping their record, and the first request. People of the provider who may be the same person
 * answer 409 `PossibleDuplicateClient` with them as `candidates`, unless `allowDuplicate`.
 */
export const ProviderClientCreateSchema = z
  .object({
    ...clientPersonFields,
    clientConsent: ClientConsentSchema,
    request: ProviderEntryRequestSchema,
    /** Saved as a new person although people like them exist (the form showed them). */
    allowDuplicate: z.boolean().default(false),
  })
  .superRefine(birthNumberMatchesDateOfBirth, { when: whenStrings('birthNumber', 'dateOfBirth') })
  .superRefine(serviceAddressRule, { when: whenObject })
  .meta({ id: 'ProviderClientCreateBody' });
export type ProviderClientCreate = z.infer<typeof ProviderClientCreateSchema>;
export type ProviderClientCreateInput = z.input<typeof ProviderClientCreateSchema>;

export const ProviderClientParamsSchema = z.object({ providerId: IdParamSchema, clientId: IdParamSchema });

/** Someone the provider has already who may be the person being entered. */
export const PossibleDuplicateSchema = z
  .object({
    id: IdSchema,
    fullName: z.string(),
    dateOfBirth: IsoDateSchema.nullable(),
    /** Masked (`905501/****`). */
    birthNumberMasked: z.string().nullable(),
    /** What matched: the birth number, or the name and date of birth. */
    matchedBy: z.enum(['birthNumber', 'nameAndDateOfBirth']),
  })
  .meta({ id: 'PossibleDuplicate' });
export type PossibleDuplicate = z.infer<typeof PossibleDuplicateSchema>;

/** The 409 of a new client who may be someone the provider has already. */
export const PossibleDuplicateProblemSchema = ProblemDetailsSchema.extend({
  candidates: z.array(PossibleDuplicateSchema),
}).meta({ id: 'PossibleDuplicateProblem' });
export type PossibleDuplicateProblem = z.infer<typeof PossibleDuplicateProblemSchema>;

/** One request of the client at this provider, as the record of care lists it. */
export const ProviderClientRequestSchema = z
  .object({
    id: IdSchema,
    /** The case's reference (`OP-000123`). */
    code: z.string(),
    source: CareRequestSourceSchema,
    status: CareRequestStatusCodeSchema,
    service: z.object({ id: IdSchema, name: z.string() }),
    facility: z.object({ id: IdSchema, name: z.string() }),
    /** The requester's message (or the provider's note of what an own client asked for). */
    message: z.string().nullable(),
    /** The provider's internal note. */
    note: z.string().nullable(),
    reason: z.enum(careRequestDeclineReasons).nullable(),
    reasonText: z.string().nullable(),
    /** Who sent it, or who of the provider entered it. */
    createdBy: z.string().nullable(),
    createdDate: DateTimeSchema,
    closedDate: DateTimeSchema.nullable(),
  })
  .meta({ id: 'ProviderClientRequest' });
export type ProviderClientRequest = z.infer<typeof ProviderClientRequestSchema>;

/**
 * `GET …/providers/{providerId}/clients/{clientId}`: the record of care. The client as the provider's
 * request detail shows them, whether the provider entered them (`own`, with the consent it recorded),
 * and every request of theirs at this provider the caller may see, oldest first.
 */
export const ProviderClientRecordSchema = z
  .object({
    client: CareRequestClientSchema,
    own: z.boolean(),
    /** An own client's consent to the provider keeping their record: when, and who of the provider recorded it. */
    consent: z.object({ grantedAt: DateTimeSchema, recordedBy: z.string() }).nullable(),
    requests: z.array(ProviderClientRequestSchema),
  })
  .meta({ id: 'ProviderClientRecord' });
export type ProviderClientRecord = z.infer<typeof ProviderClientRecordSchema>;

/** `POST …/clients` and `POST …/clients/{clientId}/requests`: the client and the request entered. */
export const ProviderEntryCreatedSchema = z
  .object({ clientId: IdSchema, careRequestId: IdSchema })
  .meta({ id: 'ProviderEntryCreated' });
export type ProviderEntryCreated = z.infer<typeof ProviderEntryCreatedSchema>;
