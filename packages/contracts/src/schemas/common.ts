import { z } from 'zod';
import { currencies } from '../enums.ts';
import { selectedOptionError } from '../validation/fields.ts';

/** Every database entity is keyed by a UUID (regions and counties by their official codes instead). */
export const IdSchema = z.uuid().meta({ examples: ['6d1f0c3e-2a53-4a4c-9d7e-1f1e0a1b2c3d'] });
export type Id = z.infer<typeof IdSchema>;

/**
 * An id chosen in a form (relationship, facility, service type): nothing chosen (missing or `''`)
 * → `required`, anything that is not a UUID → `invalidOption`.
 */
export const SelectedIdSchema = z.uuid({ error: selectedOptionError });

/** An id in a path or query string (`/request/6d1f…`); lower-cased, as the database answers them. */
export const IdParamSchema = z.uuid().toLowerCase();

/** A reference to another record with the name people read. */
export const EntityRefSchema = z.object({ id: IdSchema, name: z.string() }).meta({ id: 'EntityRef' });
export type EntityRef = z.infer<typeof EntityRefSchema>;

/** SPEC §3 derived full name: first plus last, trimmed. */
export function fullName(person: { firstName?: string | null; lastName?: string | null }): string {
  return `${person.firstName ?? ''} ${person.lastName ?? ''}`.trim();
}

/**
 * An amount of money in minor units (hellers, cents) of its currency, never a float: 199 CZK is
 * `{ amountMinor: 19900, currency: 'CZK' }`. Czech providers price in crowns, Slovak ones in euro.
 */
export const MoneySchema = z
  .object({ amountMinor: z.number().int().min(0), currency: z.enum(currencies) })
  .meta({ id: 'Money' });
export type Money = z.infer<typeof MoneySchema>;

/** A price as charged: the amount with VAT included, and the VAT rate in percent it includes (21, 12, 0). */
export const PriceSchema = MoneySchema.extend({ vatRatePercent: z.number().int().min(0).max(100) }).meta({
  id: 'Price',
});
export type Price = z.infer<typeof PriceSchema>;

/** A price in whole Czech crowns (VAT included), never negative. */
export const PriceCzkSchema = z.number().int().min(0).meta({ description: 'Whole CZK, VAT included' });
export type PriceCzk = z.infer<typeof PriceCzkSchema>;

export const maxPageSize = 100;
export const defaultPageSize = 20;

/**
 * List query (`?page=2&pageSize=50&sort=-createdDate,name`): `sort` is a comma-separated list of
 * field names, `-` for descending; each list endpoint decides which fields it sorts by.
 */
export const ListQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(maxPageSize).default(defaultPageSize),
    sort: z
      .string()
      .regex(/^-?[A-Za-z][A-Za-z0-9]*(,-?[A-Za-z][A-Za-z0-9]*)*$/)
      .optional(),
  })
  .meta({ id: 'ListQuery' });
export type ListQuery = z.infer<typeof ListQuerySchema>;

export interface SortField {
  field: string;
  direction: 'asc' | 'desc';
}

/** `-createdDate,name` → `[{ field: 'createdDate', direction: 'desc' }, { field: 'name', direction: 'asc' }]` */
export function parseSort(sort: string | undefined): SortField[] {
  if (!sort) return [];
  return sort
    .split(',')
    .map((part) =>
      part.startsWith('-') ? { field: part.slice(1), direction: 'desc' } : { field: part, direction: 'asc' },
    );
}

/** A page of a list: `{ items, total, page, pageSize }`. */
export function paginatedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1).max(maxPageSize),
  });
}
export type Paginated<T> = { items: T[]; total: number; page: number; pageSize: number };
