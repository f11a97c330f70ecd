import { z } from 'zod';
import {
  assistantContactChannels,
  assistantTaskStatuses,
  checkoutStatuses,
  currencies,
  subscriptionStatuses,
  subscriptionTypeCodes,
  subscriptionVariants,
} from '../enums.ts';
import { DateTimeSchema, IsoDateSchema, optionalText, selectedOptionError } from '../validation/fields.ts';
import { validationKey } from '../validation/keys.ts';
import { IdParamSchema, IdSchema, PriceSchema } from './common.ts';

export const SubscriptionTypeCodeSchema = z.enum(subscriptionTypeCodes);
export const CurrencySchema = z.enum(currencies);

/**
 * A plan the user can pick on the payment step, with its monthly price (VAT included) in the asked
 * currency. `free` is listed only while staff offer it ("the service is now free").
 */
export const SubscriptionTypeSchema = z
  .object({
    id: IdSchema,
    code: SubscriptionTypeCodeSchema,
    variant: z.enum(subscriptionVariants),
    /** Monthly, renewing automatically; VAT included. */
    price: PriceSchema,
  })
  .meta({ id: 'SubscriptionType' });
export type SubscriptionType = z.infer<typeof SubscriptionTypeSchema>;

export const SubscriptionTypeListSchema = z
  .array(SubscriptionTypeSchema)
  .meta({ id: 'SubscriptionTypeList' });

/** `?currency=EUR`: prices in euro (Slovakia); crowns by default. */
export const SubscriptionTypeListQuerySchema = z.object({
  currency: CurrencySchema.default('CZK'),
});

/** The user's current subscription: its variant and the day it renews or ends (always shown). */
export const SubscriptionSummarySchema = z
  .object({
    type: SubscriptionTypeCodeSchema,
    endDate: IsoDateSchema,
  })
  .meta({ id: 'SubscriptionSummary' });
export type SubscriptionSummary = z.infer<typeof SubscriptionSummarySchema>;

/**
 * The user's subscription as the profile shows it. `renews` is false once cancelled: access lasts
 * until `currentPeriodEnd` and nothing more is charged. `past-due`: the last renewal failed and is
 * being retried; access continues meanwhile.
 */
export const SubscriptionSchema = z
  .object({
    id: IdSchema,
    type: SubscriptionTypeSchema.pick({ id: true, code: true, variant: true }),
    status: z.enum(subscriptionStatuses),
    price: PriceSchema,
    startedAt: DateTimeSchema,
    currentPeriodEnd: DateTimeSchema,
    /** The day the period ends in Prague, as shown ("renews on 24. 12. 2026"). */
    endDate: IsoDateSchema,
    renews: z.boolean(),
    cancelledAt: DateTimeSchema.nullable(),
    /**
     * Opora's free plan given by staff (decision 0129): its last day, or null while it lasts until taken
     * back. Null for a plan the user chose.
     */
    grantedFree: z.object({ endsOn: IsoDateSchema.nullable() }).nullable(),
  })
  .meta({ id: 'Subscription' });
export type Subscription = z.infer<typeof SubscriptionSchema>;

/** `GET /subscriptions/current`: the live subscription, or null when there is none. */
export const CurrentSubscriptionSchema = z
  .object({ subscription: SubscriptionSchema.nullable() })
  .meta({ id: 'CurrentSubscription' });
export type CurrentSubscription = z.infer<typeof CurrentSubscriptionSchema>;

/**
 * An app path to come back to after the gateway: one slash, then no scheme or host (never an open
 * redirect), at most 500 characters.
 */
export const ReturnPathSchema = z
  .string()
  .max(500)
  .regex(/^\/(?![/\\])[\x21-\x7e]*$/);

/** Starting to pay for a plan: in which currency, for which wizard case, and where to come back to. */
export const CheckoutCreateSchema = z
  .object({
    subscriptionTypeId: z.uuid({ error: selectedOptionError }),
    currency: CurrencySchema.default('CZK'),
    caseId: IdSchema.optional(),
    returnPath: ReturnPathSchema,
  })
  .meta({ id: 'CheckoutCreateBody' });
export type CheckoutCreate = z.infer<typeof CheckoutCreateSchema>;
export type CheckoutCreateInput = z.input<typeof CheckoutCreateSchema>;

/**
 * A checkout: `open` while the user is at the gateway; `paid` once the gateway confirmed it (the
 * subscription is live). `redirectUrl` is where the browser goes to pay (the return path itself when
 * nothing is to be paid).
 */
export const CheckoutSchema = z
  .object({
    id: IdSchema,
    status: z.enum(checkoutStatuses),
    subscriptionTypeId: IdSchema,
    price: PriceSchema,
    caseId: IdSchema.nullable(),
    returnPath: z.string(),
    redirectUrl: z.string(),
  })
  .meta({ id: 'Checkout' });
export type Checkout = z.infer<typeof CheckoutSchema>;

export const CheckoutIdParamsSchema = z.object({ checkoutId: IdParamSchema });

export const AssistantTaskInputSchema = z
  .object({
    contactChannel: z.enum(assistantContactChannels, { error: selectedOptionError }),
    preferredTime: optionalText({ max: 200 }),
    note: optionalText({ max: 2000, multiline: true }),
    /**
     * The subscriber lets Opora's assistants see the client's record and case and send requests with the
     * client's details on their behalf (decision 0123).
     */
    assistantConsent: z.literal(true, { error: validationKey('assistantConsentRequired') }),
  })
  .meta({ id: 'AssistantTaskBody' });
export type AssistantTaskInput = z.infer<typeof AssistantTaskInputSchema>;

/** A case handed to the platform's assistants: who to contact, how and when. */
export const AssistantTaskSchema = z
  .object({
    id: IdSchema,
    caseId: IdSchema,
    caseCode: z.string(),
    status: z.enum(assistantTaskStatuses),
    contactChannel: z.enum(assistantContactChannels),
    preferredTime: z.string().nullable(),
    note: z.string().nullable(),
    /** The subscriber, as the assistant contacts them. */
    user: z.object({ fullName: z.string(), email: z.string(), phone: z.string().nullable() }),
    createdAt: DateTimeSchema,
  })
  .meta({ id: 'AssistantTask' });
export type AssistantTask = z.infer<typeof AssistantTaskSchema>;

/** The embedded test gateway's id of a checkout (`tgw_` and 32 hex digits). */
export const TestGatewayReferenceParamsSchema = z.object({
  reference: z.string().regex(/^tgw_[0-9a-f]{32}$/),
});

/**
 * What the tester chose on the test gateway's page: pay (`success`; `success-renewals-fail` also makes
 * the renewals of the subscription fail, to try a failed renewal), refuse (`failure`) or go back (`cancel`).
 */
export const testGatewayOutcomes = ['success', 'success-renewals-fail', 'failure', 'cancel'] as const;
export const TestGatewayCompletionSchema = z
  .object({ outcome: z.enum(testGatewayOutcomes) })
  .meta({ id: 'TestGatewayCompletionBody' });

/**
 * The test gateway's callback, signed with HMAC-SHA256 over the raw body (header
 * `x-test-gateway-signature: t=<unix seconds>,v1=<hex>`) the way Stripe signs its webhooks: a
 * checkout's outcome, or a renewal charge's.
 */
export const TestGatewayEventSchema = z
  .object({
    id: z.string().regex(/^tgwevt_[0-9a-f]{32}$/),
    type: z.enum([
      'checkout.paid',
      'checkout.failed',
      'checkout.cancelled',
      'renewal.paid',
      'renewal.failed',
    ]),
    /** The checkout's reference, or the subscription's for a renewal. */
    reference: z.string().min(1).max(100),
    /** The charge's id at the gateway (paid events). */
    chargeId: z.string().max(100).optional(),
    /** The period a renewal pays for ends at (renewal events). */
    periodEnd: DateTimeSchema.optional(),
    created: z.number().int(),
  })
  .meta({ id: 'TestGatewayEvent' });
export type TestGatewayEvent = z.infer<typeof TestGatewayEventSchema>;

/**
 * A Stripe webhook event as far as we check its shape; the rest is Stripe's, verified by its
 * signature (`Stripe-Signature`) before anything is read from it.
 */
export const StripeEventEnvelopeSchema = z
  .looseObject({
    id: z.string().min(1).max(255),
    object: z.literal('event'),
    type: z.string().min(1).max(255),
  })
  .meta({ id: 'StripeEvent' });
