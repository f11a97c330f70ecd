import { z } from 'zod';
import { todayIsoDate } from '../dates.ts';
import { locales, relationshipTypeCodes, sexFilterValues, sexValues } from '../enums.ts';
import { BirthNumberSchema, birthNumberMatchesDateOfBirth } from '../validation/birth-number.ts';
import {
  DateTimeSchema,
  EmailSchema,
  HealthDataConsentSchema,
  IsoDateSchema,
  isoDate,
  nameText,
  optionalField,
  optionalText,
  requiredOr,
  requiredText,
  whenObject,
  whenStrings,
  ZipcodeSchema,
} from '../validation/fields.ts';
import { validationKey } from '../validation/keys.ts';
import { E164PhoneSchema, PhoneSchema } from '../validation/phone.ts';
import { IdParamSchema, IdSchema, SelectedIdSchema } from './common.ts';
import { CountyRefSchema, RegionRefSchema, SelectedCountyCodeSchema } from './regions.ts';

export const SexSchema = z.enum(sexValues, { error: requiredOr('invalidOption') });
export const SexFilterSchema = z.enum(sexFilterValues);

/** How the person filling in the form relates to the client (child, spouse, ...); `name` translated from `code`. */
export const RelationshipTypeCodeSchema = z.enum(relationshipTypeCodes);
export const RelationshipTypeSchema = z
  .object({ id: IdSchema, code: RelationshipTypeCodeSchema, name: z.string() })
  .meta({ id: 'RelationshipType' });
export type RelationshipType = z.infer<typeof RelationshipTypeSchema>;
export const RelationshipTypeListSchema = z.array(RelationshipTypeSchema);

/** `?locale=` of lists whose names the API translates. */
export const LocaleQuerySchema = z.object({ locale: z.enum(locales).default('cs') });

/** A person around the client: the contact person or the attending doctor. */
export const ClientPersonSchema = z
  .object({
    id: IdSchema,
    firstName: z.string(),
    lastName: z.string(),
    fullName: z.string(),
    phone: E164PhoneSchema.nullable(),
  })
  .meta({ id: 'ClientPerson' });
export type ClientPerson = z.infer<typeof ClientPersonSchema>;

export const ClientPersonInputSchema = z
  .object({
    firstName: nameText(100),
    lastName: nameText(100),
    phone: optionalField(PhoneSchema),
  })
  .meta({ id: 'ClientPersonBody' });
export type ClientPersonInput = z.infer<typeof ClientPersonInputSchema>;

/**
 * An address as the client form takes it: the city, postcode and county come from a chosen place
 * (address autocomplete), the street is typed. The region follows from the county.
 */
export const ClientAddressInputSchema = z
  .object({
    street: optionalText({ max: 200 }),
    city: requiredText({ max: 100 }),
    zipcode: ZipcodeSchema,
    countyCode: SelectedCountyCodeSchema,
  })
  .meta({ id: 'ClientAddressBody' });
export type ClientAddressInput = z.infer<typeof ClientAddressInputSchema>;

export const ClientAddressSchema = z
  .object({
    street: z.string().nullable(),
    city: z.string(),
    /** Five digits, `11000`; shown as `110 00`. */
    zipcode: z.string(),
    county: CountyRefSchema,
    region: RegionRefSchema,
    /** One line: street, postcode and city. */
    fullAddress: z.string(),
  })
  .meta({ id: 'ClientAddress' });
export type ClientAddress = z.infer<typeof ClientAddressSchema>;

/** The oldest person we expect to care for; guards typos such as 1894 for 1994. */
const earliestDateOfBirth = '1900-01-01';

/** The client's own details, as both the carer's form and a provider's form for its own client take them. */
export const clientPersonFields = {
  firstName: nameText(100),
  lastName: nameText(100),
  dateOfBirth: isoDate({ min: earliestDateOfBirth, max: todayIsoDate }),
  birthNumber: optionalField(BirthNumberSchema),
  sex: SexSchema,
  email: optionalField(EmailSchema),
  phone: optionalField(PhoneSchema),
  /** Permanent residence. */
  residence: ClientAddressInputSchema,
  serviceAddressDiffers: z.boolean().default(false),
  /** Where care is provided, when it is not the permanent residence. */
  serviceAddress: ClientAddressInputSchema.optional(),
  contactPerson: ClientPersonInputSchema.optional(),
  attendingDoctor: ClientPersonInputSchema.optional(),
};

const clientFields = {
  /** "I am the client": the account holder manages their own care. */
  isClient: z.boolean().default(false),
  relationshipTypeId: optionalField(SelectedIdSchema),
  ...clientPersonFields,
};

type ClientFieldValues = {
  isClient: boolean;
  relationshipTypeId?: string | undefined;
  serviceAddressDiffers: boolean;
  serviceAddress?: unknown;
};

/** A service address when it differs from the residence. */
export function serviceAddressRule<
  T extends Pick<ClientFieldValues, 'serviceAddressDiffers' | 'serviceAddress'>,
>(value: T, ctx: z.RefinementCtx<T>): void {
  if (value.serviceAddressDiffers && value.serviceAddress === undefined) {
    ctx.addIssue({ code: 'custom', message: validationKey('required'), path: ['serviceAddress'] });
  }
}

/** A relationship unless "I am the client"; a service address when it differs from the residence. */
function clientRules(value: ClientFieldValues, ctx: z.RefinementCtx<ClientFieldValues>): void {
  if (!value.isClient && value.relationshipTypeId === undefined) {
    ctx.addIssue({ code: 'custom', message: validationKey('required'), path: ['relationshipTypeId'] });
  }
  serviceAddressRule(value, ctx);
}

/**
 * Client details (new-client wizard step, client detail). The birth number is optional — date of
 * birth is usually enough (DOMAIN "Personal data") — and must match the date of birth when given.
 */
export const ClientFormSchema = z
  .object(clientFields)
  .superRefine(birthNumberMatchesDateOfBirth, { when: whenStrings('birthNumber', 'dateOfBirth') })
  .superRefine(clientRules, { when: whenObject })
  .meta({ id: 'ClientForm' });
export type ClientForm = z.infer<typeof ClientFormSchema>;
export type ClientFormInput = z.input<typeof ClientFormSchema>;

/**
 * `POST /api/v1/web/clients`: the form, the consent to process the client's health data (recorded
 * with who gave it on whose behalf), and the case the client is entered for (the wizard's case,
 * which must be the caller's and have no client yet).
 */
export const ClientCreateSchema = z
  .object({
    ...clientFields,
    healthDataConsent: HealthDataConsentSchema,
    caseId: IdSchema.optional(),
  })
  .superRefine(birthNumberMatchesDateOfBirth, { when: whenStrings('birthNumber', 'dateOfBirth') })
  .superRefine(clientRules, { when: whenObject })
  .meta({ id: 'ClientCreateBody' });
export type ClientCreate = z.infer<typeof ClientCreateSchema>;
export type ClientCreateInput = z.input<typeof ClientCreateSchema>;

/**
 * `PUT /api/v1/web/clients/{clientId}`: the whole form again (and `healthDataConsent` when the change
 * needs a new one). The stored birth number is never sent
 * back in full, so `birthNumber` left out (or `''`, the form's untouched empty input) keeps it
 * (checked against a changed date of birth), `null` removes it and a value replaces it.
 */
export const ClientUpdateSchema = z
  .object({
    ...clientFields,
    birthNumber: z.union([z.null(), optionalField(BirthNumberSchema)]),
    /**
     * Needed only when the change leaves no consent that covers the client: "I am the client" turned
     * off, so the caller now consents on the client's behalf (`healthDataConsentRequired` otherwise).
     */
    healthDataConsent: HealthDataConsentSchema.optional(),
  })
  .superRefine(birthNumberMatchesDateOfBirth, { when: whenStrings('birthNumber', 'dateOfBirth') })
  .superRefine(clientRules, { when: whenObject })
  .meta({ id: 'ClientUpdateBody' });
export type ClientUpdate = z.infer<typeof ClientUpdateSchema>;
export type ClientUpdateInput = z.input<typeof ClientUpdateSchema>;

/** Shows a birth number without its last four digits: `905501/****`. */
export function maskBirthNumber(digits: string): string {
  return `${digits.slice(0, 6)}/${'*'.repeat(digits.length - 6)}`;
}

/** A client as the API answers it to its owner. */
export const ClientSchema = z
  .object({
    id: IdSchema,
    isClient: z.boolean(),
    relationshipType: RelationshipTypeSchema.nullable(),
    firstName: z.string(),
    lastName: z.string(),
    fullName: z.string(),
    dateOfBirth: IsoDateSchema.nullable(),
    /** Masked (`905501/****`); the full number is never sent back. */
    birthNumberMasked: z.string().nullable(),
    sex: SexSchema.nullable(),
    email: z.string().nullable(),
    phone: E164PhoneSchema.nullable(),
    /** Null for clients a provider entered without an address. */
    residence: ClientAddressSchema.nullable(),
    serviceAddressDiffers: z.boolean(),
    serviceAddress: ClientAddressSchema.nullable(),
    contactPerson: ClientPersonSchema.nullable(),
    attendingDoctor: ClientPersonSchema.nullable(),
    /** The recorded consent to process health data: when, and by whom for whom. */
    healthDataConsent: z
      .object({ grantedAt: DateTimeSchema, grantedBy: z.string(), onBehalf: z.boolean() })
      .nullable(),
    createdDate: DateTimeSchema,
  })
  .meta({ id: 'Client' });
export type Client = z.infer<typeof ClientSchema>;

/** One of "my clients" (`GET /api/v1/web/clients/my-enum`). */
export const MyClientSchema = z
  .object({
    id: IdSchema,
    firstName: z.string(),
    lastName: z.string(),
    fullName: z.string(),
    email: z.string().nullable(),
    dateOfBirth: IsoDateSchema.nullable(),
    sex: SexSchema.nullable(),
    region: RegionRefSchema.nullable(),
    relationshipType: RelationshipTypeSchema.nullable(),
    requestsCount: z.number().int().min(0),
    activeServicesCount: z.number().int().min(0),
  })
  .meta({ id: 'MyClient' });
export type MyClient = z.infer<typeof MyClientSchema>;

export const MyClientListSchema = z.array(MyClientSchema);

export const ClientIdParamsSchema = z.object({ clientId: IdParamSchema });
