import { z } from 'zod';
import { DateTimeSchema } from '../validation/fields.ts';

/**
 * A provider is asked to confirm its listing this many months after it last did (issue 23 §6,
 * decision 0108); carers see it as possibly out of date once a further month has passed unconfirmed.
 */
export const listingConfirmationMonths = 6;
export const listingOutdatedMonths = listingConfirmationMonths + 1;

/** `GET|POST /api/v1/provider/providers/{providerId}/listing-confirmation`: where the listing stands. */
export const ListingConfirmationSchema = z
  .object({
    /** When the provider last confirmed its listing (or saved it, or joined). */
    confirmedAt: DateTimeSchema,
    /** When it is to be confirmed again. */
    dueAt: DateTimeSchema,
    /** `dueAt` has passed: the provider area shows the banner. */
    due: z.boolean(),
    /** A further month has passed: carers see the listing as possibly out of date. */
    possiblyOutdated: z.boolean(),
  })
  .meta({ id: 'ListingConfirmation' });
export type ListingConfirmation = z.infer<typeof ListingConfirmationSchema>;
