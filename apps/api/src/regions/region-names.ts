import type { Locale } from '@opora/contracts';

/**
 * Region names in a language other than the region's own, keyed by NUTS 3 code. The database keeps the
 * official native names (ČSÚ, ŠÚ SR); a name missing here is the same in that language. English uses
 * the names the regions themselves publish in English.
 */
const regionNames: Record<Locale, Readonly<Record<string, string>>> = {
  cs: {
    SK010: 'Bratislavský kraj',
    SK021: 'Trnavský kraj',
    SK022: 'Trenčínský kraj',
    SK023: 'Nitranský kraj',
    SK031: 'Žilinský kraj',
    SK032: 'Banskobystrický kraj',
    SK041: 'Prešovský kraj',
    SK042: 'Košický kraj',
  },
  sk: {
    CZ010: 'Hlavné mesto Praha',
    CZ020: 'Stredočeský kraj',
    CZ031: 'Juhočeský kraj',
    CZ032: 'Plzenský kraj',
    CZ041: 'Karlovarský kraj',
    CZ042: 'Ústecký kraj',
    CZ051: 'Liberecký kraj',
    CZ052: 'Královohradecký kraj',
    CZ053: 'Pardubický kraj',
    CZ063: 'Kraj Vysočina',
    CZ064: 'Juhomoravský kraj',
    CZ071: 'Olomoucký kraj',
    CZ072: 'Zlínsky kraj',
    CZ080: 'Moravskosliezsky kraj',
  },
  en: {
    CZ010: 'Prague',
    CZ020: 'Central Bohemian Region',
    CZ031: 'South Bohemian Region',
    CZ032: 'Plzeň Region',
    CZ041: 'Karlovy Vary Region',
    CZ042: 'Ústí nad Labem Region',
    CZ051: 'Liberec Region',
    CZ052: 'Hradec Králové Region',
    CZ053: 'Pardubice Region',
    CZ063: 'Vysočina Region',
    CZ064: 'South Moravian Region',
    CZ071: 'Olomouc Region',
    CZ072: 'Zlín Region',
    CZ080: 'Moravian-Silesian Region',
    SK010: 'Bratislava Region',
    SK021: 'Trnava Region',
    SK022: 'Trenčín Region',
    SK023: 'Nitra Region',
    SK031: 'Žilina Region',
    SK032: 'Banská Bystrica Region',
    SK041: 'Prešov Region',
    SK042: 'Košice Region',
  },
};

/**
 * County names stay native (Brno-venkov, Bratislava I): they are place names. The one exception is the
 * capital, a county of its own whose official name is "Hlavní město Praha".
 */
const countyNames: Record<Locale, Readonly<Record<string, string>>> = {
  cs: {},
  sk: { CZ0100: 'Hlavné mesto Praha' },
  en: { CZ0100: 'Prague' },
};

export function regionName(code: string, nativeName: string, locale: Locale): string {
  return regionNames[locale][code] ?? nativeName;
}

export function countyName(code: string, nativeName: string, locale: Locale): string {
  return countyNames[locale][code] ?? nativeName;
}

const collators: Record<Locale, Intl.Collator> = {
  cs: new Intl.Collator('cs'),
  sk: new Intl.Collator('sk'),
  en: new Intl.Collator('en'),
};

/** Alphabetical order of the language the names are shown in ("Ch" after "H" in Czech and Slovak). */
export function collatorFor(locale: Locale): Intl.Collator {
  return collators[locale];
}
