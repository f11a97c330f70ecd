import { z } from 'zod';
import { countries, serviceForms, serviceStatuses } from '../enums.ts';
import { DateTimeSchema, optionalText, selectedOptionError } from '../validation/fields.ts';
import { validationKey } from '../validation/keys.ts';
import { IdParamSchema, IdSchema, ServiceTypeCodeSchema } from './common.ts';
import { ProviderDocumentSchema } from './provider-documents.ts';
import { ProviderRecordSchema, RevisionSchema } from './provider-profile.ts';

// Platform staff verify providers (issue 25 §1, decision 0121): a queue of new organisations, claimed
// listings and yearly re-verifications, each checked against the public registers and approved or
// rejected with a reason.

/** Why a provider is in the queue: it joined, it claimed an existing listing, or its check is a year old. */
export const providerVerificationKinds = ['new', 'claim', 'reverification'] as const;
export type ProviderVerificationKind = (typeof providerVerificationKinds)[number];

export const providerVerificationStatuses = ['open', 'approved', 'rejected'] as const;
export type ProviderVerificationStatus = (typeof providerVerificationStatuses)[number];

export const providerVerificationOutcomes = ['approved', 'rejected'] as const;
export type ProviderVerificationOutcome = (typeof providerVerificationOutcomes)[number];

/** The closed list of reasons for a rejection (`other` needs the note). */
export const providerRejectionReasons = [
  'not-in-register',
  'details-differ',
  'service-not-registered',
  'not-a-care-provider',
  'claim-not-proven',
  'other',
] as const;
export type ProviderRejectionReason = (typeof providerRejectionReasons)[number];

/** A check holds a year; thirty days before it runs out the provider is queued again. */
export const providerVerificationValidMonths = 12;
export const providerReverificationNoticeDays = 30;

/**
 * A service's number in the public register: the Czech *identifikátor sociální služby* (seven digits)
 * or the Slovak regional register's entry. Letters, digits and `/ - .` only, as registers print them.
 */
export const RegisterNumberSchema = z
  .string({ error: validationKey('registerNumber') })
  .trim()
  .max(40, { error: validationKey('registerNumber') })
  .regex(/^[0-9A-Za-z][0-9A-Za-z/.\- ]*$/, { error: validationKey('registerNumber') })
  .meta({ examples: ['1234567'] });

export const ProviderVerificationParamsSchema = z.object({ verificationId: IdParamSchema });

const ProviderVerificationProviderRefSchema = z.object({
  id: IdSchema,
  name: z.string(),
  country: z.enum(countries),
  identificationCode: z.string().nullable(),
});

/** A row of the queue: oldest first. */
export const ProviderVerificationQueueItemSchema = z
  .object({
    verificationId: IdSchema,
    kind: z.enum(providerVerificationKinds),
    openedAt: DateTimeSchema,
    provider: ProviderVerificationProviderRefSchema,
    /** The provider's services (any status): what staff check in the register. */
    servicesCount: z.number().int().min(0),
  })
  .meta({ id: 'ProviderVerificationQueueItem' });
export type ProviderVerificationQueueItem = z.infer<typeof ProviderVerificationQueueItemSchema>;

export const ProviderVerificationQueueSchema = z
  .object({ items: z.array(ProviderVerificationQueueItemSchema) })
  .meta({ id: 'ProviderVerificationQueue' });
export type ProviderVerificationQueue = z.infer<typeof ProviderVerificationQueueSchema>;

/** The provider's details as staff compare them: the profile's record and its country. */
export const ProviderVerificationDetailsSchema = ProviderRecordSchema.pick({
  name: true,
  address: true,
  billingAddress: true,
  identificationCode: true,
  taxCode: true,
  requestsEmail: true,
  contactPhone: true,
  contactEmail: true,
  url: true,
  description: true,
})
  .extend({ country: z.enum(countries) })
  .meta({ id: 'ProviderVerificationDetails' });
export type ProviderVerificationDetails = z.infer<typeof ProviderVerificationDetailsSchema>;

/** A decision made on an earlier check of the same provider (or the one just made). */
export const ProviderVerificationDecisionRecordSchema = z
  .object({
    verificationId: IdSchema,
    kind: z.enum(providerVerificationKinds),
    outcome: z.enum(providerVerificationOutcomes),
    reason: z.enum(providerRejectionReasons).nullable(),
    note: z.string().nullable(),
    decidedAt: DateTimeSchema,
    /** The staff member's name as it was (kept when their account goes). */
    decidedBy: z.string(),
  })
  .meta({ id: 'ProviderVerificationDecisionRecord' });
export type ProviderVerificationDecisionRecord = z.infer<typeof ProviderVerificationDecisionRecordSchema>;

/** Everything staff check, side by side (`GET /api/v1/admin/provider-verifications/{id}`). */
export const ProviderVerificationDetailSchema = z
  .object({
    verificationId: IdSchema,
    kind: z.enum(providerVerificationKinds),
    status: z.enum(providerVerificationStatuses),
    openedAt: DateTimeSchema,
    provider: ProviderVerificationProviderRefSchema.extend({
      /** Optimistic concurrency: the decision names the revision staff looked at. */
      revision: z.number().int().min(1),
      verified: z.boolean(),
      verifiedAt: DateTimeSchema.nullable(),
      /** The IČO's check digit is right (mod 11). */
      identificationCodeValid: z.boolean(),
    }),
    /** The provider's details now; once decided, as staff saw them when deciding. */
    details: ProviderVerificationDetailsSchema,
    /** For a claim: the listing's details before the claimant replaced them. */
    previousDetails: ProviderVerificationDetailsSchema.nullable(),
    administrators: z.array(
      z.object({ name: z.string(), email: z.string(), registered: z.boolean(), joinedAt: DateTimeSchema }),
    ),
    services: z.array(
      z.object({
        id: IdSchema,
        name: z.string(),
        facility: z.string(),
        /** Translated by the web app; `legalReference` cites the provision that defines the type. */
        serviceType: z.object({ code: ServiceTypeCodeSchema, legalReference: z.string().nullable() }),
        form: z.enum(serviceForms),
        status: z.enum(serviceStatuses),
        registerNumber: z.string().nullable(),
      }),
    ),
    /** This check's decision once made, then the earlier ones, newest first. */
    history: z.array(ProviderVerificationDecisionRecordSchema),
    /**
     * The registration decisions and licences the provider uploaded (decision 0130): now while the check
     * is open; once decided, those there were when staff decided.
     */
    documents: z.array(ProviderDocumentSchema),
  })
  .meta({ id: 'ProviderVerificationDetail' });
export type ProviderVerificationDetail = z.infer<typeof ProviderVerificationDetailSchema>;

/**
 * Staff decide: approve, or reject with a reason from the list (`other` needs the note). The provider's
 * revision staff looked at: a provider's save in between answers 409 `RecordChangedByAnother`.
 */
export const ProviderVerificationDecisionSchema = z
  .object({
    outcome: z.enum(providerVerificationOutcomes, { error: selectedOptionError }),
    reason: z.enum(providerRejectionReasons, { error: selectedOptionError }).optional(),
    note: optionalText({ max: 2000, multiline: true }),
    providerRevision: RevisionSchema,
  })
  .superRefine((value, ctx) => {
    if (value.outcome === 'rejected' && value.reason === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: validationKey('required'),
        input: undefined,
      });
    if (value.outcome === 'approved' && value.reason !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: validationKey('invalid'),
        input: value.reason,
      });
    if (value.reason === 'other' && value.note === undefined)
      ctx.addIssue({ code: 'custom', path: ['note'], message: validationKey('required'), input: undefined });
  })
  .meta({ id: 'ProviderVerificationDecisionBody' });
export type ProviderVerificationDecisionInput = z.input<typeof ProviderVerificationDecisionSchema>;
export type ProviderVerificationDecision = z.output<typeof ProviderVerificationDecisionSchema>;
