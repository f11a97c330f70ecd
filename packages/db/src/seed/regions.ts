import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../client.ts';
import { excluded } from '../excluded.ts';
import { type Country, countries } from '../schema/enums.ts';
import { counties, regions } from '../schema/index.ts';
import { parseSimpleCsv } from './csv.ts';

export const regionsCsvPath = path.join(import.meta.dirname, '..', '..', 'data', 'regions.csv');

const expectedRegionCount = 22;
const expectedCountyCount = 156;

export interface RegionRow {
  code: string;
  name: string;
  country: Country;
}

export interface CountyRow {
  code: string;
  name: string;
  regionCode: string;
}

/** Reads `data/regions.csv` (ČSÚ / ŠÚ SR code lists) and checks it is complete. */
export async function readRegionsCsv(
  file = regionsCsvPath,
): Promise<{ regions: RegionRow[]; counties: CountyRow[] }> {
  const records = parseSimpleCsv(await readFile(file, 'utf8'), path.basename(file));
  const regionsByCode = new Map<string, RegionRow>();
  const countyRows: CountyRow[] = [];
  for (const record of records) {
    const country = record.country as Country;
    if (!countries.includes(country)) throw new Error(`regions.csv: unknown country ${record.country}`);
    const regionCode = record.region_code ?? '';
    const known = regionsByCode.get(regionCode);
    if (known && known.name !== record.region_name) {
      throw new Error(
        `regions.csv: region ${regionCode} has two names (${known.name}, ${record.region_name})`,
      );
    }
    regionsByCode.set(regionCode, { code: regionCode, name: record.region_name ?? '', country });
    countyRows.push({ code: record.district_code ?? '', name: record.district_name ?? '', regionCode });
  }
  const regionRows = [...regionsByCode.values()];
  const countyCodes = new Set(countyRows.map((county) => county.code));
  if (
    regionRows.length !== expectedRegionCount ||
    countyRows.length !== expectedCountyCount ||
    countyCodes.size !== countyRows.length
  ) {
    throw new Error(
      `regions.csv must list ${expectedRegionCount} regions and ${expectedCountyCount} distinct counties; ` +
        `found ${regionRows.length} regions and ${countyCodes.size} distinct of ${countyRows.length} counties`,
    );
  }
  return { regions: regionRows, counties: countyRows };
}

/** Inserts or corrects every region and county; rows already equal are left untouched. */
export async function seedRegions(db: DbExecutor): Promise<void> {
  const data = await readRegionsCsv();
  await db
    .insert(regions)
    .values(data.regions)
    .onConflictDoUpdate({
      target: regions.code,
      set: { name: excluded(regions.name), country: excluded(regions.country) },
      setWhere: sql`(${regions.name}, ${regions.country}) is distinct from (${excluded(regions.name)}, ${excluded(regions.country)})`,
    });
  await db
    .insert(counties)
    .values(data.counties)
    .onConflictDoUpdate({
      target: counties.code,
      set: { name: excluded(counties.name), regionCode: excluded(counties.regionCode) },
      setWhere: sql`(${counties.name}, ${counties.regionCode}) is distinct from (${excluded(counties.name)}, ${excluded(counties.regionCode)})`,
    });
}
