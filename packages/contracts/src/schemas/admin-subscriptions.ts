import { z } from 'zod';
import { todayIsoDate } from '../dates.ts';
import { freePlanReasons, locales, paymentKinds, paymentStatuses, subscriptionStatuses } from '../enums.ts';
import {
  DateTimeSchema,
  IsoDateSchema,
  isoDate,
  optionalText,
  requiredText,
  selectedOptionError,
} from '../validation/fields.ts';
import { validationKey } from '../validation/keys.ts';
import { IdParamSchema, IdSchema, PriceSchema } from './common.ts';
import { SubscriptionTypeCodeSchema } from './subscriptions.ts';

// Staff's view of a person's subscriptions and the free plan given by Opora (SPEC §4 "free service",
// issue 25 §4, decision 0129). Platform administrators only; each look at a person's plans is audited.

/** `?email=`: the start of an e-mail address (case ignored), at least 3 characters; `after` pages on. */
export const CarerSearchQuerySchema = z.object({
  email: z.string().trim().min(3).max(254),
  /** The last e-mail of the previous page (lower case). */
  after: z.string().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type CarerSearchQuery = z.input<typeof CarerSearchQuerySchema>;

/** A person found by e-mail: who they are, nothing of their plans (opening those is audited). */
export const CarerSearchItemSchema = z
  .object({
    userId: IdSchema,
    email: z.string(),
    name: z.string(),
    registeredAt: DateTimeSchema,
  })
  .meta({ id: 'CarerSearchItem' });
export type CarerSearchItem = z.infer<typeof CarerSearchItemSchema>;

export const CarerSearchResultSchema = z
  .object({
    items: z.array(CarerSearchItemSchema),
    /** Pass as `after` for the next page; null on the last one. */
    nextAfter: z.string().nullable(),
  })
  .meta({ id: 'CarerSearchResult' });
export type CarerSearchResult = z.infer<typeof CarerSearchResultSchema>;

export const CarerParamsSchema = z.object({ userId: IdParamSchema });

/** Opora's free plan as given: why, by whom, until when (null: until taken back), and its end. */
export const FreePlanGrantSchema = z
  .object({
    id: IdSchema,
    reason: z.enum(freePlanReasons),
    note: z.string().nullable(),
    /** The last day of the free plan; null while it lasts until revoked. */
    endsOn: IsoDateSchema.nullable(),
    grantedAt: DateTimeSchema,
    grantedBy: z.string(),
    revokedAt: DateTimeSchema.nullable(),
    revokedBy: z.string().nullable(),
    revokeReason: z.string().nullable(),
  })
  .meta({ id: 'FreePlanGrant' });
export type FreePlanGrant = z.infer<typeof FreePlanGrantSchema>;

/** One of the person's subscriptions, newest first; `grant` when it is Opora's free plan. */
export const CarerSubscriptionSchema = z
  .object({
    id: IdSchema,
    plan: SubscriptionTypeCodeSchema,
    status: z.enum(subscriptionStatuses),
    live: z.boolean(),
    price: PriceSchema,
    gateway: z.string(),
    startedAt: DateTimeSchema,
    currentPeriodEnd: DateTimeSchema,
    renews: z.boolean(),
    cancelledAt: DateTimeSchema.nullable(),
    endedAt: DateTimeSchema.nullable(),
    grant: FreePlanGrantSchema.nullable(),
  })
  .meta({ id: 'CarerSubscription' });
export type CarerSubscription = z.infer<typeof CarerSubscriptionSchema>;

/** The person's payments in short: how many were paid or failed, what was paid, and the latest ones. */
export const CarerPaymentsSummarySchema = z
  .object({
    paidCount: z.number().int().min(0),
    failedCount: z.number().int().min(0),
    /** Paid in total, one entry per currency. */
    paidTotals: z.array(PriceSchema.pick({ amountMinor: true, currency: true })),
    lastPaidAt: DateTimeSchema.nullable(),
    recent: z.array(
      z.object({
        id: IdSchema,
        kind: z.enum(paymentKinds),
        status: z.enum(paymentStatuses),
        amountMinor: z.number().int(),
        currency: PriceSchema.shape.currency,
        at: DateTimeSchema,
        periodEnd: DateTimeSchema,
      }),
    ),
  })
  .meta({ id: 'CarerPaymentsSummary' });
export type CarerPaymentsSummary = z.infer<typeof CarerPaymentsSummarySchema>;

export const CarerSubscriptionsSchema = z
  .object({
    user: z.object({
      id: IdSchema,
      email: z.string(),
      name: z.string(),
      locale: z.enum(locales),
      registeredAt: DateTimeSchema,
    }),
    /** The live subscription, if any (it is among `subscriptions`). */
    currentId: IdSchema.nullable(),
    subscriptions: z.array(CarerSubscriptionSchema),
    payments: CarerPaymentsSummarySchema,
  })
  .meta({ id: 'CarerSubscriptions' });
export type CarerSubscriptions = z.infer<typeof CarerSubscriptionsSchema>;

/**
 * Giving the free plan: a reason from the list (`other` needs the note), and the last day it lasts —
 * none: until revoked.
 */
export const FreePlanGrantInputSchema = z
  .object({
    reason: z.enum(freePlanReasons, { error: selectedOptionError }),
    note: optionalText({ max: 2000, multiline: true }),
    endsOn: isoDate({ min: () => todayIsoDate() }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.reason === 'other' && value.note === undefined)
      ctx.addIssue({ code: 'custom', path: ['note'], message: validationKey('required'), input: undefined });
  })
  .meta({ id: 'FreePlanGrantBody' });
export type FreePlanGrantInput = z.input<typeof FreePlanGrantInputSchema>;

/** Taking the free plan back: why, in staff's words. It ends at once. */
export const FreePlanRevokeInputSchema = z
  .object({ reason: requiredText({ max: 2000, multiline: true }) })
  .meta({ id: 'FreePlanRevokeBody' });
export type FreePlanRevokeInput = z.input<typeof FreePlanRevokeInputSchema>;
