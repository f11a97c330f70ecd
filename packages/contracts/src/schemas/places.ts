import { z } from 'zod';
import { countries } from '../enums.ts';
import { requiredText } from '../validation/fields.ts';
import { CountyRefSchema, RegionRefSchema } from './regions.ts';

/**
 * A municipality part with its postcode, as address autocomplete offers it: choosing one fills the
 * city, postcode, county and region of an address; the street stays free text.
 */
export const PlaceSchema = z
  .object({
    id: z.number().int().min(1),
    country: z.enum(countries),
    /** The part of the municipality ("Hustopeče" of "Hustopeče", "Židenice" of "Brno"). */
    part: z.string(),
    municipality: z.string(),
    /** `602 00`; null for the few Slovak parts the source lists without one. */
    postcode: z.string().nullable(),
    county: CountyRefSchema,
    region: RegionRefSchema,
  })
  .meta({ id: 'Place' });
export type Place = z.infer<typeof PlaceSchema>;

/** Characters typed before suggestions are offered (SPEC §5 "after a few typed characters"). */
export const placeSearchMinLength = 2;
export const placeSearchMaxResults = 20;

/**
 * `GET /api/v1/web/places?q=`: a part or municipality name from its start, without regard to case or
 * diacritics ("usti" finds "Ústí nad Labem"), or the start of a postcode ("602", "602 00"). One line
 * of text: control characters and broken UTF-16 are refused (PostgreSQL cannot take a NUL).
 */
export const PlaceSearchQuerySchema = z.object({
  q: requiredText({ min: placeSearchMinLength, max: 100 }),
  country: z.enum(countries).optional(),
  limit: z.coerce.number().int().min(1).max(placeSearchMaxResults).default(10),
});
export type PlaceSearchQuery = z.input<typeof PlaceSearchQuerySchema>;

export const PlaceListSchema = z.array(PlaceSchema);
