import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { normalizeSearchText } from '@opora/contracts';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../client.ts';
import { excluded } from '../excluded.ts';
import { type Country, countries } from '../schema/enums.ts';
import { places } from '../schema/index.ts';

export const municipalitiesCsvPath = path.join(import.meta.dirname, '..', '..', 'data', 'municipalities.csv');

export type PlaceRow = typeof places.$inferInsert;

/**
 * Reads `data/municipalities.csv` (Czech and Slovak municipality parts with postcodes; a few Slovak
 * names hold quoted commas). A row's id is its position in the file, so a revised list updates
 * rows in place.
 */
export async function readMunicipalitiesCsv(file = municipalitiesCsvPath): Promise<PlaceRow[]> {
  const records: Record<string, string>[] = parse(await readFile(file, 'utf8'), {
    columns: true,
    bom: true,
    skip_empty_lines: true,
    trim: true,
  });
  return records.map((record, index) => {
    const country = record.country as Country;
    if (!countries.includes(country)) throw new Error(`municipalities.csv:${index + 2}: unknown country`);
    const municipality = record.municipality ?? '';
    const part = record.part ?? '';
    return {
      id: index + 1,
      country,
      countyCode: record.district_code ?? '',
      municipalityCode: record.municipality_code || null,
      municipality,
      part,
      postcode: record.postcode || null,
      searchName: normalizeSearchText(part),
      searchMunicipality: normalizeSearchText(municipality),
    };
  });
}

const batchSize = 2000;

/**
 * Loads the places when the table does not hold this list yet (20,125 rows: a count check keeps every
 * later start from rewriting them); rows are upserted in batches, so a changed list converges.
 */
export async function seedPlaces(db: DbExecutor, file = municipalitiesCsvPath): Promise<number> {
  const rows = await readMunicipalitiesCsv(file);
  const [current] = await db.select({ count: sql<number>`count(*)::int` }).from(places);
  if (current?.count === rows.length) return rows.length;
  for (let start = 0; start < rows.length; start += batchSize) {
    await db
      .insert(places)
      .values(rows.slice(start, start + batchSize))
      .onConflictDoUpdate({
        target: places.id,
        set: {
          country: excluded(places.country),
          countyCode: excluded(places.countyCode),
          municipalityCode: excluded(places.municipalityCode),
          municipality: excluded(places.municipality),
          part: excluded(places.part),
          postcode: excluded(places.postcode),
          searchName: excluded(places.searchName),
          searchMunicipality: excluded(places.searchMunicipality),
        },
      });
  }
  await db.delete(places).where(sql`${places.id} > ${rows.length}`);
  return rows.length;
}
