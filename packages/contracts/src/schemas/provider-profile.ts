import { z } from 'zod';
import { ProblemDetailsSchema } from '../errors.ts';
import {
  EmailSchema,
  IdentificationCodeSchema,
  optionalField,
  optionalText,
  requiredText,
  TaxCodeSchema,
  UrlSchema,
  ZipcodeSchema,
} from '../validation/fields.ts';
import { validationKey } from '../validation/keys.ts';
import { E164PhoneSchema, PhoneSchema } from '../validation/phone.ts';
import { ContactInputSchema, ContactTypeSchema, ServiceStatusSchema } from './catalogue.ts';
import { ClientAddressInputSchema } from './clients.ts';
import { IdParamSchema, IdSchema } from './common.ts';
import { CountyRefSchema } from './regions.ts';

// The provider's own records (issue 23 §2): profile, facilities and contacts, each saved with the
// revision it edited (decision 0099). Another person's save in between answers 409
// `RecordChangedByAnother` with the record as it now is (`current`).

/** The revision of a record a save edited (`revision` column, 1 for a new record). */
export const RevisionSchema = z
  .number({ error: validationKey('invalid') })
  .int()
  .min(1)
  .max(2_147_483_647)
  .meta({ examples: [1] });

/** `?revision=` of a delete: the revision the person saw. */
export const RevisionQuerySchema = z.object({ revision: z.coerce.number().int().min(1).max(2_147_483_647) });

/**
 * An address chosen through the address autocomplete: city, postcode and county from the place, the
 * street typed (the client form's address, whose county the catalogue needs).
 */
export const PlaceAddressInputSchema = ClientAddressInputSchema.meta({ id: 'PlaceAddressBody' });

/** A stored address; `county` null for the few older records without one. */
export const PlaceAddressSchema = z
  .object({
    street: z.string().nullable(),
    city: z.string().nullable(),
    zipcode: z.string().nullable(),
    county: CountyRefSchema.nullable(),
  })
  .meta({ id: 'PlaceAddress' });
export type PlaceAddress = z.infer<typeof PlaceAddressSchema>;

const billingAddressFields = ['street', 'city', 'zipcode'] as const;

/**
 * Billing details, when invoices go elsewhere than the address: all optional (the address itself when
 * left out), but a billing address given needs its city and postcode.
 */
export const BillingAddressInputSchema = z
  .object({
    /** Name on invoices when it differs from the provider's. */
    name: optionalText({ max: 200 }),
    street: optionalText({ max: 200 }),
    city: optionalText({ max: 100 }),
    zipcode: optionalField(ZipcodeSchema),
  })
  .superRefine((value, ctx) => {
    if (!billingAddressFields.some((field) => value[field] !== undefined)) return;
    for (const field of ['city', 'zipcode'] as const) {
      if (value[field] !== undefined) continue;
      ctx.addIssue({ code: 'custom', path: [field], message: validationKey('required'), input: undefined });
    }
  })
  .meta({ id: 'BillingAddressBody' });

export const BillingAddressSchema = z
  .object({
    name: z.string().nullable(),
    street: z.string().nullable(),
    city: z.string().nullable(),
    zipcode: z.string().nullable(),
  })
  .meta({ id: 'BillingAddress' });

/**
 * Every field of SPEC §3 Provider as a provider enters it: the one shape of a provider's details, which
 * the join (`ProviderJoinOrganisationSchema`, with the country) and the profile's save (without the
 * IČO) derive from. `requestsEmail` receives new requests and is never public; `contactPhone` and
 * `contactEmail` are shown to the public.
 */
export const ProviderDetailsSchema = z
  .object({
    name: requiredText({ max: 200 }),
    address: PlaceAddressInputSchema,
    billingAddress: BillingAddressInputSchema.default({}),
    /** IČO: eight digits with a check digit; fixed once the provider exists (the profile cannot change it). */
    identificationCode: IdentificationCodeSchema,
    /** DIČ (CZ) or DIČ / IČ DPH (SK). */
    taxCode: optionalField(TaxCodeSchema),
    requestsEmail: EmailSchema,
    contactPhone: optionalField(PhoneSchema),
    contactEmail: optionalField(EmailSchema),
    url: optionalField(UrlSchema),
    description: optionalText({ max: 5000, multiline: true }),
  })
  .meta({ id: 'ProviderDetailsBody' });
export type ProviderDetails = z.infer<typeof ProviderDetailsSchema>;

/** The profile's save: the details but the IČO, and the revision they were edited from. */
export const ProviderDetailsUpdateSchema = ProviderDetailsSchema.omit({ identificationCode: true })
  .extend({ revision: RevisionSchema })
  .meta({ id: 'ProviderDetailsUpdateBody' });
export type ProviderDetailsUpdate = z.infer<typeof ProviderDetailsUpdateSchema>;

/** The provider as its own users see and edit it. */
export const ProviderRecordSchema = z
  .object({
    id: IdSchema,
    revision: z.number().int(),
    name: z.string(),
    address: PlaceAddressSchema,
    billingAddress: BillingAddressSchema,
    identificationCode: z.string().nullable(),
    taxCode: z.string().nullable(),
    requestsEmail: z.string().nullable(),
    contactPhone: E164PhoneSchema.nullable(),
    contactEmail: z.string().nullable(),
    url: z.string().nullable(),
    description: z.string().nullable(),
    logoUrl: z.string().nullable(),
    verified: z.boolean(),
  })
  .meta({ id: 'ProviderRecord' });
export type ProviderRecord = z.infer<typeof ProviderRecordSchema>;

/** A contact person of the provider (`facilityId` null) or of one of its facilities. */
export const ProviderContactSchema = z
  .object({
    id: IdSchema,
    revision: z.number().int(),
    facilityId: IdSchema.nullable(),
    firstName: z.string(),
    lastName: z.string(),
    fullName: z.string(),
    email: z.string().nullable(),
    phone: E164PhoneSchema.nullable(),
    alternatePhone: E164PhoneSchema.nullable(),
    note: z.string().nullable(),
    type: ContactTypeSchema,
  })
  .meta({ id: 'ProviderContact' });
export type ProviderContact = z.infer<typeof ProviderContactSchema>;

/** A new contact: of the provider, or of the facility `facilityId`. */
export const ProviderContactCreateSchema = ContactInputSchema.extend({
  facilityId: optionalField(IdSchema),
}).meta({ id: 'ProviderContactCreateBody' });
export type ProviderContactCreate = z.infer<typeof ProviderContactCreateSchema>;

export const ProviderContactUpdateSchema = ContactInputSchema.extend({ revision: RevisionSchema }).meta({
  id: 'ProviderContactUpdateBody',
});
export type ProviderContactUpdate = z.infer<typeof ProviderContactUpdateSchema>;

/** What the caller may change in this provider (their roles there), so the pages offer only that. */
export const ProviderProfileAccessSchema = z
  .object({
    /** The provider's details, its facilities and its own contacts: administrators. */
    editProvider: z.boolean(),
    /** Contacts of facilities: administrators and coordinators. */
    editFacilityContacts: z.boolean(),
  })
  .meta({ id: 'ProviderProfileAccess' });
export type ProviderProfileAccess = z.infer<typeof ProviderProfileAccessSchema>;

/** A facility in the provider's list. */
export const FacilitySummarySchema = z
  .object({
    id: IdSchema,
    name: z.string(),
    type: z.string().nullable(),
    address: PlaceAddressSchema,
    sameAsProvider: z.boolean(),
    serviceCount: z.number().int(),
  })
  .meta({ id: 'FacilitySummary' });
export type FacilitySummary = z.infer<typeof FacilitySummarySchema>;

/** `GET …/profile`: the three tabs of the provider profile. */
export const ProviderProfileSchema = z
  .object({
    provider: ProviderRecordSchema,
    facilities: z.array(FacilitySummarySchema),
    /** The provider's own contacts (not its facilities'). */
    contacts: z.array(ProviderContactSchema),
    access: ProviderProfileAccessSchema,
  })
  .meta({ id: 'ProviderProfile' });
export type ProviderProfile = z.infer<typeof ProviderProfileSchema>;

/**
 * A facility as its provider enters it. `sameAsProvider`: the address (and contacts) are the
 * provider's, shown from the provider and following its changes; `address` is then ignored.
 */
export const FacilityDetailsSchema = z
  .object({
    name: requiredText({ max: 200 }),
    type: optionalText({ max: 100 }),
    web: optionalField(UrlSchema),
    description: optionalText({ max: 5000, multiline: true }),
    sameAsProvider: z.boolean().default(false),
    address: PlaceAddressInputSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.sameAsProvider && value.address === undefined) {
      ctx.addIssue({ code: 'custom', message: validationKey('required'), path: ['address'] });
    }
  })
  .meta({ id: 'FacilityDetailsBody' });
export type FacilityDetails = z.infer<typeof FacilityDetailsSchema>;

export const FacilityDetailsUpdateSchema = z
  .object({ ...FacilityDetailsSchema.shape, revision: RevisionSchema })
  .superRefine((value, ctx) => {
    if (!value.sameAsProvider && value.address === undefined) {
      ctx.addIssue({ code: 'custom', message: validationKey('required'), path: ['address'] });
    }
  })
  .meta({ id: 'FacilityDetailsUpdateBody' });
export type FacilityDetailsUpdate = z.infer<typeof FacilityDetailsUpdateSchema>;

export const FacilityRecordSchema = z
  .object({
    id: IdSchema,
    revision: z.number().int(),
    name: z.string(),
    type: z.string().nullable(),
    web: z.string().nullable(),
    description: z.string().nullable(),
    sameAsProvider: z.boolean(),
    /** The facility's address; the provider's when `sameAsProvider`. */
    address: PlaceAddressSchema,
  })
  .meta({ id: 'FacilityRecord' });
export type FacilityRecord = z.infer<typeof FacilityRecordSchema>;

/** A service of the facility, as the facility's Services tab lists it. */
export const FacilityServiceItemSchema = z
  .object({ id: IdSchema, name: z.string(), status: ServiceStatusSchema })
  .meta({ id: 'FacilityServiceItem' });

/** `GET …/facilities/{facilityId}`: the three tabs of the facility detail. */
export const FacilityDetailSchema = z
  .object({
    facility: FacilityRecordSchema,
    /**
     * The facility's own contacts; for a facility "same as provider", the provider's (read-only
     * here, edited on the provider profile).
     */
    contacts: z.array(ProviderContactSchema),
    services: z.array(FacilityServiceItemSchema),
    access: ProviderProfileAccessSchema,
  })
  .meta({ id: 'FacilityDetail' });
export type FacilityDetail = z.infer<typeof FacilityDetailSchema>;

export const ProviderFacilityParamsSchema = z.object({
  providerId: IdParamSchema,
  facilityId: IdParamSchema,
});
export const ProviderContactParamsSchema = z.object({ providerId: IdParamSchema, contactId: IdParamSchema });

/** 409 `RecordChangedByAnother`: someone saved the record since it was read; `current` is it now. */
export function recordChangedProblemSchema<S extends z.ZodType>(current: S, id: string) {
  return ProblemDetailsSchema.extend({ current }).meta({ id });
}
export const ProviderChangedProblemSchema = recordChangedProblemSchema(
  ProviderRecordSchema,
  'ProviderChangedProblem',
);
export const FacilityChangedProblemSchema = recordChangedProblemSchema(
  FacilityRecordSchema,
  'FacilityChangedProblem',
);
export const ContactChangedProblemSchema = recordChangedProblemSchema(
  ProviderContactSchema,
  'ContactChangedProblem',
);
