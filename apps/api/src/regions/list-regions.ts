import type { Locale, RegionWithCounties } from '@opora/contracts';
import { type Db, schema } from '@opora/db';
import { collatorFor, countyName, regionName } from './region-names.ts';

/**
 * Every region with its counties, named in `locale`, by country and then alphabetically in that
 * language (Czech: Ústecký after Středočeský, "Ch" after "H"). Sorted here rather than in SQL so the
 * order does not depend on which collations the PostgreSQL server was built with.
 */
export async function listRegions(db: Db, locale: Locale = 'cs'): Promise<RegionWithCounties[]> {
  const [regionRows, countyRows] = await Promise.all([
    db.select().from(schema.regions),
    db.select().from(schema.counties),
  ]);
  const collator = collatorFor(locale);
  const countiesByRegion = Map.groupBy(countyRows, (county) => county.regionCode);
  return regionRows
    .map((region) => ({ ...region, name: regionName(region.code, region.name, locale) }))
    .toSorted((a, b) => a.country.localeCompare(b.country) || collator.compare(a.name, b.name))
    .map((region) => ({
      code: region.code,
      name: region.name,
      country: region.country,
      counties: (countiesByRegion.get(region.code) ?? [])
        .map((county) => ({ code: county.code, name: countyName(county.code, county.name, locale) }))
        .toSorted((a, b) => collator.compare(a.name, b.name)),
    }));
}
