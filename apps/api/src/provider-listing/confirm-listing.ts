import type { ListingConfirmation } from '@opora/contracts';
import { type DbExecutor, providers } from '@opora/db';
import { eq, sql } from 'drizzle-orm';
import { NotFoundError } from '../platform/errors.ts';
import { listingFreshness } from './listing-freshness.ts';

/** Where the listing of `providerId` stands at `now` (the caller's membership is checked before). */
export async function getListingConfirmation(
  db: DbExecutor,
  providerId: string,
  now: Date,
): Promise<ListingConfirmation> {
  const [row] = await db
    .select({ confirmedAt: providers.listingConfirmedAt })
    .from(providers)
    .where(eq(providers.id, providerId));
  if (!row) throw new NotFoundError();
  return listingFreshness(row.confirmedAt, now);
}

/**
 * The provider says its listing is true at `now` (decision 0108): "Confirm my listing is up to date",
 * and every save of its profile, facilities, services, contacts or capacity (write paths call this in
 * their own transaction). The next reminder is due six months on. Never moves the date backwards, so
 * a double submit or a late retry changes nothing. The provider's row changes: the catalogue's
 * trigger announces it and "updated on" shows at once.
 */
export async function confirmListing(
  db: DbExecutor,
  providerId: string,
  now: Date,
): Promise<ListingConfirmation> {
  const [row] = await db
    .update(providers)
    .set({
      listingConfirmedAt: sql`greatest(${providers.listingConfirmedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: sql`${providers.updatedAt}`,
    })
    .where(eq(providers.id, providerId))
    .returning({ confirmedAt: providers.listingConfirmedAt });
  if (!row) throw new NotFoundError();
  return listingFreshness(row.confirmedAt, now);
}
