import { type ListingConfirmation, listingConfirmationMonths, listingOutdatedMonths } from '@opora/contracts';

/**
 * `instant` moved by `months` calendar months in UTC, the day clamped to the target month's last day
 * (31 August − 6 months = 28 February), as PostgreSQL's `timestamptz - interval 'n months'` does.
 */
export function shiftMonths(instant: Date, months: number): Date {
  const shifted = new Date(instant);
  const day = shifted.getUTCDate();
  shifted.setUTCDate(1);
  shifted.setUTCMonth(shifted.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth() + 1, 0)).getUTCDate();
  shifted.setUTCDate(Math.min(day, lastDay));
  return shifted;
}

/** A listing confirmed at or before this instant is due for confirmation at `now`. */
export function confirmationDueCutoff(now: Date): Date {
  return shiftMonths(now, -listingConfirmationMonths);
}

/** Where a listing confirmed at `confirmedAt` stands at `now` (decision 0108). */
export function listingFreshness(confirmedAt: Date, now: Date): ListingConfirmation {
  return {
    confirmedAt: confirmedAt.toISOString(),
    dueAt: shiftMonths(confirmedAt, listingConfirmationMonths).toISOString(),
    due: confirmedAt <= confirmationDueCutoff(now),
    possiblyOutdated: confirmedAt <= shiftMonths(now, -listingOutdatedMonths),
  };
}
