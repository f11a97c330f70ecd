import { z } from 'zod';
import { paymentKinds, paymentStatuses } from '../enums.ts';
import { DateTimeSchema, IsoDateSchema } from '../validation/fields.ts';
import { IdSchema, PriceSchema } from './common.ts';

/**
 * Where a provider's plan stands (decision 0098): `trial` while its free months run; `active` while a
 * paid month runs; `grace` for the 3 days a failed renewal is retried (still listed); `unpaid` once
 * neither — its services are unlisted until it pays, its inbox stays as it was.
 */
export const providerPlanStates = ['trial', 'active', 'grace', 'unpaid'] as const;
export type ProviderPlanState = (typeof providerPlanStates)[number];

/** One payment of the provider's plan (its receipts list). */
export const ProviderPlanPaymentSchema = z
  .object({
    id: IdSchema,
    kind: z.enum(paymentKinds),
    status: z.enum(paymentStatuses),
    price: PriceSchema,
    /** When it was paid (null while pending or when it failed). */
    paidAt: DateTimeSchema.nullable(),
    createdAt: DateTimeSchema,
    /** The last day of the month it pays for, in Prague. */
    periodEndDate: IsoDateSchema,
  })
  .meta({ id: 'ProviderPlanPayment' });
export type ProviderPlanPayment = z.infer<typeof ProviderPlanPaymentSchema>;

/**
 * `GET /provider/providers/{providerId}/plan`: the plan as the provider area shows it, to every member
 * of the provider. `listed`: its services are in the catalogue now. `price`: the monthly price in the
 * provider's currency, VAT included. `canPay`: the caller is its administrator and no monthly payment
 * is set up yet (only administrators pay).
 */
export const ProviderPlanSchema = z
  .object({
    providerId: IdSchema,
    state: z.enum(providerPlanStates),
    listed: z.boolean(),
    trialEndsAt: DateTimeSchema,
    /** The last free day is the day before; shown as "free until". */
    trialEndDate: IsoDateSchema,
    /** The end of the paid month (null before the first payment). */
    paidUntil: DateTimeSchema.nullable(),
    paidUntilDate: IsoDateSchema.nullable(),
    /** A monthly payment is set up and renews. */
    renews: z.boolean(),
    price: PriceSchema,
    canPay: z.boolean(),
    payments: z.array(ProviderPlanPaymentSchema),
  })
  .meta({ id: 'ProviderPlan' });
export type ProviderPlan = z.infer<typeof ProviderPlanSchema>;
