import type { Locale } from '@opora/contracts';
import type { TFunction } from 'i18next';
import { formatPriceCzk } from './format.ts';

/** "from 1 200 Kč"; "Free of charge" at 0; "Price on request" when the provider prices individually. */
export function priceText(t: TFunction<'catalogue'>, price: number | null, locale: Locale): string {
  if (price === null) return t('price.onRequest');
  if (price === 0) return t('price.free');
  return t('price.from', { price: formatPriceCzk(price, locale) });
}
