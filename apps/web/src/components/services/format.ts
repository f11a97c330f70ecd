import type { Address, Locale } from '@opora/contracts';

// Formats the catalogue and the client area share.

const priceFormats = new Map<Locale, Intl.NumberFormat>();

/** Whole crowns in the reader's language: `1 200 Kč` in Czech, `CZK 1,200` in English. */
export function formatPriceCzk(price: number, locale: Locale): string {
  let format = priceFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'CZK', maximumFractionDigits: 0 });
    priceFormats.set(locale, format);
  }
  return format.format(price);
}

/** `Street 1, 602 00 Brno`, or just the town when the street is not known. */
export function formatAddress(address: Address): string {
  const town = [address.zipcode, address.city].filter(Boolean).join(' ');
  return [address.street, town].filter(Boolean).join(', ');
}
