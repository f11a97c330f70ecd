import { z } from 'zod';
import { careRequestSources } from '../care-request-sources.ts';
import { type CareRequestStatusCode, careRequestStatusCodes } from '../enums.ts';
import { IsoDateSchema, maxLengthCheck, textCharactersCheck } from '../validation/fields.ts';
import { IdParamSchema, maxPageSize, ServiceTypeCodeSchema } from './common.ts';

// The provider's requests grid as its address holds it (SPEC §2): sort, filters, page. Apart from the
// rest of the inbox's schemas (provider-inbox.ts), so the grid, which reads its address with them,
// loads zod without the phone metadata and the other schemas (decision 0094).

/** Sort keys of the grid; `-` in front for descending (`-createdDate`, the default). */
export const providerRequestSortFields = [
  'code',
  'client',
  'service',
  'serviceType',
  'date',
  'status',
  'creator',
  'createdDate',
  'editedDate',
] as const;
export type ProviderRequestSortField = (typeof providerRequestSortFields)[number];
export const ProviderRequestSortSchema = z
  .enum([...providerRequestSortFields, ...providerRequestSortFields.map((field) => `-${field}` as const)])
  .default('-createdDate');

const statusAlternatives = careRequestStatusCodes.join('|');

/** The statuses of a `status` filter (`new,in-progress`), each once; empty = every status. */
export function statusFilterCodes(status: string | undefined): CareRequestStatusCode[] {
  if (!status) return [];
  const wanted = new Set(status.split(','));
  return careRequestStatusCodes.filter((code) => wanted.has(code));
}

/**
 * A text filter of the grid (client's or creator's name, the code): a few words, matched without
 * accents. Blank is no filter (a cleared search box stays in the URL as `client=`), so an empty string
 * is valid as sent, unlike a form's optional text; control characters are refused as everywhere.
 */
const searchFilter = z
  .string()
  .trim()
  .check(maxLengthCheck(100), textCharactersCheck('line'))
  .meta({ maxLength: 100, pattern: '^[^\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029]*$' })
  .optional();

/**
 * The grid's filters (SPEC §2: status, client, service type, creator, creation date), also the
 * selection "all records matching the filters" of an export. Kept in the page's URL as they are here.
 */
export const ProviderRequestFilterSchema = z
  .object({
    /** One or more statuses, comma-separated (`new,in-progress`); none = every status (`statusFilterCodes`). */
    status: z
      .string()
      .regex(new RegExp(`^(${statusAlternatives})(,(${statusAlternatives}))*$`))
      .optional(),
    /** The client's name or the request's code (`OP-000123`). */
    client: searchFilter,
    serviceType: ServiceTypeCodeSchema.optional(),
    /** The name of the person who sent it. */
    creator: searchFilter,
    /** Created on or after this day (Europe/Prague). */
    createdFrom: IsoDateSchema.optional(),
    /** Created on or before this day (Europe/Prague). */
    createdTo: IsoDateSchema.optional(),
    /** Only requests assigned to the caller (`true`), or to this facility team. */
    assignedToMe: z.enum(['true', 'false']).optional(),
    /** Through Opora, or one way a provider's own client came (`phone`, `walk-in`, …). */
    source: z.enum(careRequestSources).optional(),
    facilityId: IdParamSchema.optional(),
  })
  .meta({ id: 'ProviderRequestFilter' });
export type ProviderRequestFilter = z.output<typeof ProviderRequestFilterSchema>;
export type ProviderRequestFilterInput = z.input<typeof ProviderRequestFilterSchema>;

export const ProviderRequestListQuerySchema = ProviderRequestFilterSchema.extend({
  sort: ProviderRequestSortSchema,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(maxPageSize).default(25),
  // No `meta` id: a query string is documented parameter by parameter, never as a `$ref`.
});
export type ProviderRequestListQuery = z.input<typeof ProviderRequestListQuerySchema>;

/** Rows up to which an export streams straight to the response; larger ones run as a job. */
export const providerExportDirectRowLimit = 20_000;
