import type { Locale } from '@opora/contracts';

/** Whose rules apply: the country of the client's permanent residence (region codes `CZ…`, `SK…`). */
export type CareCountry = 'CZ' | 'SK';

/** Czech guidance when the residence is not known: most clients live in Czechia, and it names an office. */
export function careCountryOfRegion(regionCode: string | null | undefined): CareCountry {
  return regionCode?.toUpperCase().startsWith('SK') ? 'SK' : 'CZ';
}

/** Official pages, opened in a new tab. */
export const officialLinks = {
  CZ: [
    { key: 'mpsvForms', href: 'https://www.mpsv.cz/web/cz/formulare' },
    { key: 'labourOffice', href: 'https://www.uradprace.cz/' },
  ],
  SK: [
    { key: 'upsvr', href: 'https://www.upsvr.gov.sk/' },
    { key: 'mpsvr', href: 'https://www.employment.gov.sk/' },
  ],
} as const;

const amountFormats = new Map<Locale, Intl.NumberFormat>();

/** Whole crowns in the reader's language: `4 400 Kč`, `CZK 4,400`. */
export function formatCzk(amount: number, locale: Locale): string {
  let format = amountFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'CZK', maximumFractionDigits: 0 });
    amountFormats.set(locale, format);
  }
  return format.format(amount);
}

export const romanDegree = { 1: 'I', 2: 'II', 3: 'III', 4: 'IV' } as const;
