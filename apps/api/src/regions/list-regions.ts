import type { RegionWithCounties } from '@opora/contracts';
import { type Db, schema } from '@opora/db';

const czech = new Intl.Collator('cs');

/**
 * Every region with its counties, by country and then by name in Czech alphabetical order
 * (Ústecký after Středočeský; "Ch" after "H"). Sorted here rather than in SQL so the order
 * does not depend on which collations the PostgreSQL server was built with.
 */
export async function listRegions(db: Db): Promise<RegionWithCounties[]> {
  const [regionRows, countyRows] = await Promise.all([
    db.select().from(schema.regions),
    db.select().from(schema.counties),
  ]);
  const countiesByRegion = Map.groupBy(countyRows, (county) => county.regionCode);
  return regionRows
    .toSorted((a, b) => a.country.localeCompare(b.country) || czech.compare(a.name, b.name))
    .map((region) => ({
      code: region.code,
      name: region.name,
      country: region.country,
      counties: (countiesByRegion.get(region.code) ?? [])
        .toSorted((a, b) => czech.compare(a.name, b.name))
        .map((county) => ({ code: county.code, name: county.name })),
    }));
}
