import type { Address, Locale, Money } from '@opora/contracts';

// Formats the catalogue and the client area share.

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * An amount in its currency, in the reader's language: `1 200 Kč`, `199,50 Kč`, `12,90 €` in Czech,
 * `CZK 1,200` or `€12.90` in English. Whole amounts show no decimals, others two (CZK and EUR both
 * have 100 minor units).
 */
export function formatMoney(money: Money, locale: Locale): string {
  const fractionDigits = money.amountMinor % 100 === 0 ? 0 : 2;
  const key = `${locale}:${money.currency}:${fractionDigits}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: money.currency,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    moneyFormats.set(key, format);
  }
  return format.format(money.amountMinor / 100);
}

const percentFormats = new Map<Locale, Intl.NumberFormat>();

/** A whole percentage in the reader's language: `21 %` in Czech and Slovak, `21%` in English. */
export function formatPercent(percent: number, locale: Locale): string {
  let format = percentFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
    percentFormats.set(locale, format);
  }
  return format.format(percent / 100);
}

/** `Street 1, 602 00 Brno`, or just the town when the street is not known. */
export function formatAddress(address: Address): string {
  const town = [address.zipcode, address.city].filter(Boolean).join(' ');
  return [address.street, town].filter(Boolean).join(', ');
}
