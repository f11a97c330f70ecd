import type { Locale, Price } from '@opora/contracts';
import type { TFunction } from 'i18next';
import { formatMoney, formatPercent } from './format.ts';

/**
 * "from 1 200 Kč", "from 12,90 € incl. 23 % VAT" when the price includes VAT (a rate of 0 — exempt
 * social and health services — says nothing); "Free of charge" at 0; "Price on request" when the
 * provider prices individually.
 */
export function priceText(t: TFunction<'catalogue'>, price: Price | null, locale: Locale): string {
  if (price === null) return t('price.onRequest');
  if (price.amountMinor === 0) return t('price.free');
  const amount = formatMoney(price, locale);
  if (price.vatRatePercent === 0) return t('price.from', { price: amount });
  return t('price.fromWithVat', { price: amount, vatRate: formatPercent(price.vatRatePercent, locale) });
}
