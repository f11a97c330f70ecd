import type { Locale, Price, SubscriptionTypeCode } from '@opora/contracts';
import type { TFunction } from 'i18next';
import { formatMoney, formatPercent } from '@/shared-features/services/format.ts';

type SubscriptionsT = TFunction<'subscriptions'>;

/** A plan's name as people read it: „Samostatně“, "Self-managed". */
export function planName(t: SubscriptionsT, code: SubscriptionTypeCode): string {
  return t(`plans.${code}.name`);
}

/** What a plan includes, three lines. */
export function planIncludes(t: SubscriptionsT, code: SubscriptionTypeCode): string[] {
  return [t(`plans.${code}.include1`), t(`plans.${code}.include2`), t(`plans.${code}.include3`)];
}

/** `149 Kč měsíčně`, or "Free" at 0. */
export function monthlyPrice(t: SubscriptionsT, price: Price, locale: Locale): string {
  if (price.amountMinor === 0) return t('price.free');
  return t('price.perMonth', { price: formatMoney(price, locale) });
}

/** `včetně 21 % DPH`; nothing for a free plan or a price without VAT. */
export function vatNote(t: SubscriptionsT, price: Price, locale: Locale): string | null {
  if (price.amountMinor === 0 || price.vatRatePercent === 0) return null;
  return t('price.vat', { rate: formatPercent(price.vatRatePercent, locale) });
}

/** `149 Kč měsíčně včetně 21 % DPH` in one line. */
export function priceWithVat(t: SubscriptionsT, price: Price, locale: Locale): string {
  const vat = vatNote(t, price, locale);
  return vat ? `${monthlyPrice(t, price, locale)} ${vat}` : monthlyPrice(t, price, locale);
}
