import { z } from 'zod';
import { countries } from '../enums.ts';
import { isValidTaxCode } from '../validation/company-codes.ts';
import { selectedOptionError } from '../validation/fields.ts';
import { validationKey } from '../validation/keys.ts';
import { SignUpSchema } from './accounts.ts';
import { IdSchema } from './common.ts';
import { ProviderDetailsSchema } from './provider-profile.ts';

/** The forms `TaxCodeSchema` accepts, whatever the country. */
const taxCodeForm = /^(CZ\d{8,10}|SK\d{10}|\d{10})$/;

/**
 * The organisation that joins: a provider's details (`ProviderDetailsSchema`, as its profile later
 * edits them) and its country, fixed from then on. The DIČ must be one of that country
 * (`isValidTaxCode`).
 */
export const ProviderJoinOrganisationSchema = ProviderDetailsSchema.extend({
  country: z.enum(countries, { error: selectedOptionError }),
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
  })
  .meta({ id: 'ProviderJoinOrganisationBody' });
export type ProviderJoinOrganisation = z.infer<typeof ProviderJoinOrganisationSchema>;

/**
 * `POST /api/v1/web/providers/join`: an organisation joins — its administrator's account (the
 * sign-up's fields and rules) and the organisation's details.
 */
export const ProviderJoinSchema = SignUpSchema.extend({ organisation: ProviderJoinOrganisationSchema }).meta({
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
