import { z } from 'zod';
import { countries, locales } from '../enums.ts';
import { selectedOptionError } from '../validation/fields.ts';
import { validationKey } from '../validation/keys.ts';

// Regions and counties are keyed by their official codes, as in the database: SPEC §3 "Region: id,
// name, lauCode" maps to `code` (the NUTS 3 code of a region, the LAU 1 code of a county), so URLs,
// forms and fixtures name `CZ064` without a lookup.

export const CountrySchema = z.enum(countries);

const regionCodePattern = /^(CZ|SK)\d{3}$/;
// The last character runs past 9 in large regions: Praha-západ is `CZ020A`.
const countyCodePattern = /^(CZ|SK)\d{3}[0-9A-Z]$/;

/** NUTS 3 code of a region (CZ kraj, SK kraj). */
export const RegionCodeSchema = z
  .string()
  .regex(regionCodePattern)
  .meta({ id: 'RegionCode', description: 'NUTS 3 code of a region', examples: ['CZ064', 'SK010'] });
export type RegionCode = z.infer<typeof RegionCodeSchema>;

/** LAU 1 code of a county (CZ okres, SK okres); it starts with its region's code. */
export const CountyCodeSchema = z
  .string()
  .regex(countyCodePattern)
  .meta({
    id: 'CountyCode',
    description: 'LAU 1 code of a county',
    examples: ['CZ0642', 'CZ020A', 'SK0101'],
  });
export type CountyCode = z.infer<typeof CountyCodeSchema>;

/** A region chosen in a form: nothing chosen → `required`, anything but a region code → `invalidOption`. */
export const SelectedRegionCodeSchema = z
  .string({ error: selectedOptionError })
  .regex(regionCodePattern, { error: selectedOptionError })
  .meta({ examples: ['CZ064'] });

/** A county chosen in a form: nothing chosen → `required`, anything but a county code → `invalidOption`. */
export const SelectedCountyCodeSchema = z
  .string({ error: selectedOptionError })
  .regex(countyCodePattern, { error: selectedOptionError })
  .meta({ examples: ['CZ0642'] });

/** Does the county lie in the region? (A county's code extends its region's code.) */
export function isCountyInRegion(countyCode: string, regionCode: string): boolean {
  return countyCode.startsWith(regionCode);
}

/**
 * Form refinement: the chosen county must lie in the chosen region (a county picked before the region
 * was changed); reported on `countyCode` as `invalidOption`. Malformed codes are left to their fields.
 */
export function countyMustLieInRegion<T extends { regionCode?: string | null; countyCode?: string | null }>(
  value: T,
  ctx: z.RefinementCtx<T>,
): void {
  const { regionCode, countyCode } = value;
  if (!regionCode || !countyCode) return;
  if (!regionCodePattern.test(regionCode) || !countyCodePattern.test(countyCode)) return;
  if (isCountyInRegion(countyCode, regionCode)) return;
  ctx.addIssue({
    code: 'custom',
    message: validationKey('invalidOption'),
    path: ['countyCode'],
    input: countyCode,
  });
}

/** A region (CZ kraj, SK kraj), e.g. `{ code: 'CZ064', name: 'Jihomoravský kraj', country: 'CZ' }`. */
export const RegionSchema = z
  .object({
    code: RegionCodeSchema,
    name: z.string(),
    country: CountrySchema,
  })
  .meta({ id: 'Region' });
export type Region = z.infer<typeof RegionSchema>;

/** A county (CZ okres, SK okres), e.g. `{ code: 'CZ0642', name: 'Brno-město', regionCode: 'CZ064' }`. */
export const CountySchema = z
  .object({
    code: CountyCodeSchema,
    name: z.string(),
    regionCode: RegionCodeSchema,
  })
  .meta({ id: 'County' });
export type County = z.infer<typeof CountySchema>;

/** A region named where it is referenced (a client's region of permanent residence). */
export const RegionRefSchema = RegionSchema.pick({ code: true, name: true }).meta({ id: 'RegionRef' });
export type RegionRef = z.infer<typeof RegionRefSchema>;

/** A county named where it is referenced (a client's county, the counties a service covers). */
export const CountyRefSchema = CountySchema.pick({ code: true, name: true }).meta({ id: 'CountyRef' });
export type CountyRef = z.infer<typeof CountyRefSchema>;

/** One entry of `GET /api/v1/web/regions`: a region and its counties. */
export const RegionWithCountiesSchema = RegionSchema.extend({
  counties: z.array(CountyRefSchema),
}).meta({ id: 'RegionWithCounties' });
export type RegionWithCounties = z.infer<typeof RegionWithCountiesSchema>;

export const RegionTreeSchema = z.array(RegionWithCountiesSchema);
export type RegionTree = z.infer<typeof RegionTreeSchema>;

/**
 * `GET /api/v1/web/regions?locale=`: names in the caller's language where they differ (English names
 * of regions, Czech forms of Slovak regions and the other way round); Czech when omitted.
 */
// No component id: OpenAPI query parameters are listed one by one and cannot be a `$ref`.
export const RegionListQuerySchema = z.object({ locale: z.enum(locales).default('cs') });
