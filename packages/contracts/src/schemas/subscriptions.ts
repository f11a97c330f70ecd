import { z } from 'zod';
import { subscriptionTypeCodes } from '../enums.ts';
import { IsoDateSchema } from '../validation/fields.ts';
import { IdSchema } from './common.ts';

export const SubscriptionTypeCodeSchema = z.enum(subscriptionTypeCodes);

/** A subscription variant the user picks on the payment step (prices are not part of the contract yet). */
export const SubscriptionTypeSchema = z
  .object({
    id: IdSchema,
    code: SubscriptionTypeCodeSchema,
    name: z.string(),
  })
  .meta({ id: 'SubscriptionType' });
export type SubscriptionType = z.infer<typeof SubscriptionTypeSchema>;

/** The user's current subscription: its variant and the day it renews or ends (always shown). */
export const SubscriptionSummarySchema = z
  .object({
    type: SubscriptionTypeCodeSchema,
    endDate: IsoDateSchema,
  })
  .meta({ id: 'SubscriptionSummary' });
export type SubscriptionSummary = z.infer<typeof SubscriptionSummarySchema>;
