import { z } from 'zod';
import { DateTimeSchema, IsoDateSchema, ProviderConsentSchema } from '../validation/fields.ts';
import { E164PhoneSchema } from '../validation/phone.ts';
import { FacilityServiceSchema } from './catalogue.ts';
import { SexSchema } from './clients.ts';
import { EntityRefSchema, IdSchema } from './common.ts';

/** A state of a care request (codes are reference data seeded in the database). */
export const CareRequestStatusSchema = z
  .object({ id: IdSchema, code: z.string(), name: z.string() })
  .meta({ id: 'CareRequestStatus' });
export type CareRequestStatus = z.infer<typeof CareRequestStatusSchema>;

/** One line of a request's change history. */
export const EventLogEntrySchema = z
  .object({
    id: IdSchema,
    eventDate: DateTimeSchema,
    /** Display name of who made the change. */
    createdBy: z.string(),
    requestStatus: CareRequestStatusSchema,
  })
  .meta({ id: 'EventLogEntry' });
export type EventLogEntry = z.infer<typeof EventLogEntrySchema>;

/** An uploaded file (document or attachment of a request). */
export const DocumentFileSchema = z
  .object({
    id: IdSchema,
    fileName: z.string(),
    contentType: z.string(),
    size: z.number().int().min(0),
    createdDate: DateTimeSchema,
  })
  .meta({ id: 'DocumentFile' });
export type DocumentFile = z.infer<typeof DocumentFileSchema>;

/** A questionnaire that belongs to a request, answered or still to be filled in. */
export const CareRequestSurveySchema = z
  .object({
    id: IdSchema,
    surveyDefinitionId: IdSchema,
    code: z.string(),
    name: z.string(),
    completed: z.boolean(),
  })
  .meta({ id: 'CareRequestSurvey' });
export type CareRequestSurvey = z.infer<typeof CareRequestSurveySchema>;

/** A form the request needs before it can be sent ('All forms must be filled …'). */
export const CareRequestFormSchema = z
  .object({ code: z.string(), name: z.string(), completed: z.boolean() })
  .meta({ id: 'CareRequestForm' });

/**
 * A request from a client to a provider's facility service (SPEC §3 "Request"). The contractor
 * (`fullName`, `birthDate`, `phone`, ...) is the person as entered when the request was sent.
 */
export const CareRequestSchema = z
  .object({
    id: IdSchema,
    code: z.string(),
    date: IsoDateSchema,
    status: CareRequestStatusSchema,
    note: z.string().nullable(),
    description: z.string().nullable(),
    facilityService: FacilityServiceSchema,
    fullName: z.string(),
    birthDate: IsoDateSchema.nullable(),
    phone: E164PhoneSchema.nullable(),
    gender: SexSchema.nullable(),
    address: z.string().nullable(),
    district: z.string().nullable(),
    email: z.string().nullable(),
    relationshipStatus: z.string().nullable(),
    client: z.object({ id: IdSchema, fullName: z.string() }),
    service: EntityRefSchema,
    serviceType: EntityRefSchema,
    createdBy: z.string(),
    createdDate: DateTimeSchema,
    editedDate: DateTimeSchema.nullable(),
    surveys: z.array(CareRequestSurveySchema),
    documents: z.array(DocumentFileSchema),
    attachments: z.array(DocumentFileSchema),
    forms: z.array(CareRequestFormSchema),
  })
  .meta({ id: 'CareRequest' });
export type CareRequest = z.infer<typeof CareRequestSchema>;

/** Sending a request after the review page; the client must agree to hand their details to the provider. */
export const CareRequestCreateSchema = z
  .object({
    caseId: IdSchema,
    facilityServiceId: IdSchema,
    providerConsent: ProviderConsentSchema,
  })
  .meta({ id: 'CareRequestCreate' });
export type CareRequestCreate = z.infer<typeof CareRequestCreateSchema>;
