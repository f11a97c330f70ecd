import { z } from 'zod';
import { DateTimeSchema, numberField } from '../validation/fields.ts';
import { IdSchema } from './common.ts';

// Live capacity of a service (issue 23 §4, docs/decisions/0103): whether it takes new clients, free
// places now and the typical wait, and when the provider last confirmed it. A confirmation older than
// `capacityFreshDays` is shown as unknown; the API decides that from its clock when it answers.

/** Days a capacity confirmation counts; after that the public sees "unknown". */
export const capacityFreshDays = 30;
export const capacityFreshMs = capacityFreshDays * 24 * 60 * 60 * 1000;

/** As the public sees it, in the order `recommended` ranks them (docs/decisions/0104). */
export const serviceCapacityStatuses = ['accepting', 'unknown', 'full'] as const;
export type ServiceCapacityStatus = (typeof serviceCapacityStatuses)[number];

export const maxFreePlaces = 100_000;
export const maxWaitingWeeks = 520;

/**
 * A service's capacity on catalogue cards, the detail and the carers' pool. `unknown` when never
 * stated or last confirmed more than 30 days ago: then places and wait are null, `confirmedAt` the
 * last confirmation (if any).
 */
export const ServiceCapacitySchema = z
  .object({
    status: z.enum(serviceCapacityStatuses),
    freePlaces: z.int().min(0).nullable(),
    waitingWeeks: z.int().min(0).nullable(),
    confirmedAt: DateTimeSchema.nullable(),
  })
  .meta({ id: 'ServiceCapacity' });
export type ServiceCapacity = z.infer<typeof ServiceCapacitySchema>;

/** A service's capacity as its provider's users see and edit it. */
export const ProviderServiceCapacitySchema = z
  .object({
    serviceId: IdSchema,
    serviceName: z.string(),
    facility: z.object({ id: IdSchema, name: z.string() }),
    /** null: never stated. */
    acceptingClients: z.boolean().nullable(),
    freePlaces: z.int().min(0).nullable(),
    waitingWeeks: z.int().min(0).nullable(),
    confirmedAt: DateTimeSchema.nullable(),
    /** Who confirmed last (null when never, or their account is gone). */
    confirmedBy: z.string().nullable(),
    /** What the public sees now. */
    status: z.enum(serviceCapacityStatuses),
    /** Never confirmed, or more than 30 days ago. */
    stale: z.boolean(),
  })
  .meta({ id: 'ProviderServiceCapacity' });
export type ProviderServiceCapacity = z.infer<typeof ProviderServiceCapacitySchema>;

/** The capacity page: the stale first (oldest confirmation first), then by facility and service name. */
export const ProviderServiceCapacityListSchema = z
  .object({ items: z.array(ProviderServiceCapacitySchema) })
  .meta({ id: 'ProviderServiceCapacityList' });
export type ProviderServiceCapacityList = z.infer<typeof ProviderServiceCapacityListSchema>;

const freePlacesField = numberField({ integer: true, min: 0, max: maxFreePlaces }).nullable();
const waitingWeeksField = numberField({ integer: true, min: 0, max: maxWaitingWeeks }).nullable();

/**
 * One click on the capacity page or card: `confirm` keeps what is stated and renews its time (409
 * `ServiceCapacityNotStated` when nothing was ever stated), `full` stops taking clients (no free
 * places, the wait kept), `set` states all of it.
 */
export const ProviderCapacityUpdateSchema = z
  .discriminatedUnion('action', [
    z.object({ action: z.literal('confirm') }),
    z.object({ action: z.literal('full') }),
    z.object({
      action: z.literal('set'),
      acceptingClients: z.boolean(),
      freePlaces: freePlacesField,
      waitingWeeks: waitingWeeksField,
    }),
  ])
  .meta({ id: 'ProviderCapacityUpdateBody' });
export type ProviderCapacityUpdate = z.infer<typeof ProviderCapacityUpdateSchema>;
