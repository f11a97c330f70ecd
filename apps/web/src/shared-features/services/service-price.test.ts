import type { Locale, Price } from '@opora/contracts';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import czech from '../../../../../locales/cs/catalogue.json';
import english from '../../../../../locales/en/catalogue.json';
import slovak from '../../../../../locales/sk/catalogue.json';
import { formatMoney } from './format.ts';
import { priceText } from './service-price.ts';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    lng: 'cs',
    resources: { cs: { catalogue: czech }, en: { catalogue: english }, sk: { catalogue: slovak } },
    interpolation: { escapeValue: false },
  });
});

/** Intl separates groups and currency with (narrow) no-break spaces; the expectations use plain ones. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

function text(price: Price | null, locale: Locale): string {
  const t = i18n.getFixedT(locale, 'catalogue') as TFunction<'catalogue'>;
  return plain(priceText(t, price, locale));
}

describe('formatMoney', () => {
  it('writes whole amounts without decimals and others with two, in the currency of the price', () => {
    expect(plain(formatMoney({ amountMinor: 120_000, currency: 'CZK' }, 'cs'))).toBe('1 200 Kč');
    expect(plain(formatMoney({ amountMinor: 19_950, currency: 'CZK' }, 'cs'))).toBe('199,50 Kč');
    expect(plain(formatMoney({ amountMinor: 1_290, currency: 'EUR' }, 'sk'))).toBe('12,90 €');
    expect(plain(formatMoney({ amountMinor: 98_000, currency: 'EUR' }, 'sk'))).toBe('980 €');
    expect(plain(formatMoney({ amountMinor: 1_290, currency: 'EUR' }, 'en'))).toBe('€12.90');
    expect(plain(formatMoney({ amountMinor: 120_000, currency: 'CZK' }, 'en'))).toBe('CZK 1,200');
  });
});

describe('priceText', () => {
  it('says "from" the amount, with the VAT rate when the price includes VAT', () => {
    expect(text({ amountMinor: 16_500, currency: 'CZK', vatRatePercent: 0 }, 'cs')).toBe('od 165 Kč');
    expect(text({ amountMinor: 39_000, currency: 'CZK', vatRatePercent: 21 }, 'cs')).toBe(
      'od 390 Kč vč. 21 % DPH',
    );
    expect(text({ amountMinor: 1_390, currency: 'EUR', vatRatePercent: 23 }, 'sk')).toBe(
      'od 13,90 € vrátane 23 % DPH',
    );
    expect(text({ amountMinor: 1_390, currency: 'EUR', vatRatePercent: 23 }, 'en')).toBe(
      'from €13.90 incl. 23% VAT',
    );
  });

  it('says free of charge at zero and price on request without a price', () => {
    expect(text({ amountMinor: 0, currency: 'EUR', vatRatePercent: 0 }, 'sk')).toBe('Bezplatne');
    expect(text(null, 'cs')).toBe('Cena na dotaz');
    expect(text(null, 'en')).toBe('Price on request');
  });
});
