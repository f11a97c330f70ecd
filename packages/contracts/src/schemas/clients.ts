import { z } from 'zod';
import { todayIsoDate } from '../dates.ts';
import { sexFilterValues, sexValues } from '../enums.ts';
import { BirthNumberSchema, birthNumberMatchesDateOfBirth } from '../validation/birth-number.ts';
import {
  EmailSchema,
  IsoDateSchema,
  isoDate,
  nameText,
  optionalField,
  optionalText,
  requiredOr,
  whenObject,
  whenStrings,
  ZipcodeSchema,
} from '../validation/fields.ts';
import { validationKey } from '../validation/keys.ts';
import { E164PhoneSchema, PhoneSchema } from '../validation/phone.ts';
import { IdSchema, SelectedIdSchema } from './common.ts';
import {
  CountyRefSchema,
  countyMustLieInRegion,
  RegionRefSchema,
  SelectedCountyCodeSchema,
  SelectedRegionCodeSchema,
} from './regions.ts';

export const SexSchema = z.enum(sexValues, { error: requiredOr('invalidOption') });
export const SexFilterSchema = z.enum(sexFilterValues);

/** How the person filling in the form relates to the client (daughter, son, spouse, ...). */
export const RelationshipTypeSchema = z
  .object({ id: IdSchema, code: z.string(), name: z.string() })
  .meta({ id: 'RelationshipType' });
export type RelationshipType = z.infer<typeof RelationshipTypeSchema>;

/** A person around the client (contact person, attending doctor). */
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

/** The oldest person we expect to care for; guards typos such as 1894 for 1994. */
const earliestDateOfBirth = '1900-01-01';

/**
 * Client details (new-client wizard step, client detail). The birth number is optional — date of
 * birth is usually enough (DOMAIN "Personal data") — and must match the date of birth when given.
 * A relationship is required unless the person filling in the form is the client; a service address
 * is required when it differs from the permanent residence.
 */
export const ClientFormSchema = z
  .object({
    isClient: z.boolean().default(false),
    relationshipTypeId: optionalField(SelectedIdSchema),
    firstName: nameText(100),
    lastName: nameText(100),
    dateOfBirth: isoDate({ min: earliestDateOfBirth, max: todayIsoDate }),
    birthNumber: optionalField(BirthNumberSchema),
    sex: SexSchema,
    email: optionalField(EmailSchema),
    phone: optionalField(PhoneSchema),
    /** Permanent residence as chosen from address suggestions. */
    residence: optionalText({ max: 500 }),
    street: optionalText({ max: 200 }),
    city: optionalText({ max: 100 }),
    zipcode: optionalField(ZipcodeSchema),
    fullAddress: optionalText({ max: 500 }),
    serviceAddressDiffers: z.boolean().default(false),
    serviceAddress: optionalText({ max: 500 }),
    /** Region of permanent residence (NUTS 3 code); the database derives it from the county. */
    regionCode: SelectedRegionCodeSchema,
    /** County of permanent residence (LAU 1 code), within `regionCode`. */
    countyCode: SelectedCountyCodeSchema,
    contactPerson: ClientPersonInputSchema.optional(),
    attendingDoctor: ClientPersonInputSchema.optional(),
  })
  .superRefine(birthNumberMatchesDateOfBirth, { when: whenStrings('birthNumber', 'dateOfBirth') })
  .superRefine(countyMustLieInRegion, { when: whenStrings('regionCode', 'countyCode') })
  .superRefine(
    (value, ctx) => {
      if (!value.isClient && value.relationshipTypeId === undefined) {
        ctx.addIssue({ code: 'custom', message: validationKey('required'), path: ['relationshipTypeId'] });
      }
      if (value.serviceAddressDiffers && value.serviceAddress === undefined) {
        ctx.addIssue({ code: 'custom', message: validationKey('required'), path: ['serviceAddress'] });
      }
    },
    { when: whenObject },
  )
  .meta({ id: 'ClientForm' });
export type ClientForm = z.infer<typeof ClientFormSchema>;
export type ClientFormInput = z.input<typeof ClientFormSchema>;

/** A client as stored and answered by the API (same fields as the form, plus ids, codes and names). */
export const ClientSchema = z
  .object({
    id: IdSchema,
    isClient: z.boolean(),
    relationshipType: RelationshipTypeSchema.nullable(),
    firstName: z.string(),
    lastName: z.string(),
    fullName: z.string(),
    dateOfBirth: IsoDateSchema,
    birthNumber: z.string().nullable(),
    sex: SexSchema,
    email: z.string().nullable(),
    phone: E164PhoneSchema.nullable(),
    residence: z.string().nullable(),
    street: z.string().nullable(),
    city: z.string().nullable(),
    zipcode: z.string().nullable(),
    fullAddress: z.string().nullable(),
    serviceAddressDiffers: z.boolean(),
    serviceAddress: z.string().nullable(),
    /** Null for clients a provider entered without an address. */
    region: RegionRefSchema.nullable(),
    county: CountyRefSchema.nullable(),
    contactPerson: ClientPersonSchema.nullable(),
    attendingDoctor: ClientPersonSchema.nullable(),
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
    dateOfBirth: IsoDateSchema,
    sex: SexSchema,
    region: RegionRefSchema.nullable(),
    relationshipType: RelationshipTypeSchema.nullable(),
    requestsCount: z.number().int().min(0),
    activeServicesCount: z.number().int().min(0),
  })
  .meta({ id: 'MyClient' });
export type MyClient = z.infer<typeof MyClientSchema>;

export const MyClientListSchema = z.array(MyClientSchema);
