import { z } from 'zod';
import { countries } from '../enums.ts';
import { isValidTaxCode } from '../validation/company-codes.ts';
import {
  EmailSchema,
  IdentificationCodeSchema,
  optionalField,
  optionalText,
  requiredText,
  selectedOptionError,
  TaxCodeSchema,
  UrlSchema,
  ZipcodeSchema,
} from '../validation/fields.ts';
import { validationKey } from '../validation/keys.ts';
import { PhoneSchema } from '../validation/phone.ts';
import { SignUpSchema } from './accounts.ts';
import { IdSchema } from './common.ts';

/** The forms `TaxCodeSchema` accepts, whatever the country. */
const taxCodeForm = /^(CZ\d{8,10}|SK\d{10}|\d{10})$/;
const billingAddressFields = ['billingStreet', 'billingCity', 'billingZipcode'] as const;

/**
 * A provider's own details (SPEC §3 Provider), flat as the `providers` row keeps them: what an
 * organisation enters when it joins and what its administrator edits on its profile. The billing
 * address is left out when it is the address itself; given, it needs its city and postcode. The DIČ
 * must be one of the provider's country (`isValidTaxCode`).
 */
export const ProviderDetailsSchema = z
  .object({
    name: requiredText({ max: 200 }),
    /** IČO: eight digits with a check digit; one provider per IČO and country. */
    identificationCode: IdentificationCodeSchema,
    /** DIČ (CZ) or DIČ / IČ DPH (SK). */
    taxCode: optionalField(TaxCodeSchema),
    country: z.enum(countries, { error: selectedOptionError }),
    street: optionalText({ max: 200 }),
    city: requiredText({ max: 100 }),
    zipcode: ZipcodeSchema,
    /** Name on invoices when it differs from `name`. */
    billingName: optionalText({ max: 200 }),
    billingStreet: optionalText({ max: 200 }),
    billingCity: optionalText({ max: 100 }),
    billingZipcode: optionalField(ZipcodeSchema),
    /** Where new requests are announced; never shown publicly. */
    requestsEmail: EmailSchema,
    /** Shown to clients. */
    contactPhone: optionalField(PhoneSchema),
    /** Shown to clients. */
    contactEmail: optionalField(EmailSchema),
    url: optionalField(UrlSchema),
    description: optionalText({ max: 5000, multiline: true }),
  })
  .superRefine((value, ctx) => {
    // A DIČ of no known form has its own message already (`taxCode`).
    const { taxCode } = value;
    if (taxCode !== undefined && taxCodeForm.test(taxCode) && !isValidTaxCode(taxCode, value.country)) {
      ctx.addIssue({
        code: 'custom',
        path: ['taxCode'],
        message: validationKey('taxCodeOfCountry'),
        input: taxCode,
      });
    }
    if (billingAddressFields.some((field) => value[field] !== undefined)) {
      for (const field of ['billingCity', 'billingZipcode'] as const) {
        if (value[field] !== undefined) continue;
        ctx.addIssue({ code: 'custom', path: [field], message: validationKey('required'), input: undefined });
      }
    }
  })
  .meta({ id: 'ProviderDetails' });
export type ProviderDetails = z.infer<typeof ProviderDetailsSchema>;

/**
 * `POST /api/v1/web/providers/join`: an organisation joins — its administrator's account (the
 * sign-up's fields and rules) and the organisation's details.
 */
export const ProviderJoinSchema = SignUpSchema.extend({ organisation: ProviderDetailsSchema }).meta({
  id: 'ProviderJoinBody',
});
export type ProviderJoin = z.infer<typeof ProviderJoinSchema>;

/**
 * The organisation joined: `claimed` when it took over an unclaimed listing of the same IČO (its
 * facilities and services stay) rather than creating a new provider. Unverified until staff verify it.
 */
export const ProviderJoinResultSchema = z
  .object({
    providerId: IdSchema,
    claimed: z.boolean(),
    verified: z.literal(false),
    email: z.string(),
  })
  .meta({ id: 'ProviderJoinResult' });
export type ProviderJoinResult = z.infer<typeof ProviderJoinResultSchema>;

/** `PUT /api/v1/admin/providers/{providerId}/verification`: staff checked (or withdrew) the registration. */
export const ProviderVerificationSchema = z
  .object({ verified: z.boolean({ error: validationKey('invalid') }) })
  .meta({ id: 'ProviderVerificationBody' });
export type ProviderVerificationInput = z.infer<typeof ProviderVerificationSchema>;

export const ProviderVerificationResultSchema = z
  .object({
    providerId: IdSchema,
    name: z.string(),
    identificationCode: z.string().nullable(),
    verified: z.boolean(),
    verifiedAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'ProviderVerification' });
export type ProviderVerification = z.infer<typeof ProviderVerificationResultSchema>;
