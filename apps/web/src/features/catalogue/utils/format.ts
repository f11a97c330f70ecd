import type { Address, Locale } from '@opora/contracts';

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

/** A search on Mapy.cz for the address: a plain link, so the page itself loads nothing from outside. */
export function mapSearchUrl(address: Address): string {
  return `https://mapy.cz/zakladni?q=${encodeURIComponent(formatAddress(address))}`;
}

/** Phone numbers are stored as E.164; shown grouped in threes after the country code (DOMAIN.md). */
export function formatPhone(e164: string): string {
  const match = /^\+(42[01])(\d{3})(\d{3})(\d{3})$/.exec(e164);
  return match ? `+${match[1]} ${match[2]} ${match[3]} ${match[4]}` : e164;
}

/** Links typed by providers may lack the scheme; only http(s) is ever linked. */
export function safeWebUrl(url: string): string | null {
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(url) ? url : `https://${url}`;
  try {
    const parsed = new URL(withScheme);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}
