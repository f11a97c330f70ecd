import { z } from 'zod';
import { type Currency, currencies, roles, type ServiceTypeCode, serviceTypeCodes } from '../enums.ts';
import { requiredOr, selectedOptionError } from '../validation/fields.ts';
import { type ValidationKey, validationKey } from '../validation/keys.ts';

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

/**
 * VAT rates a provider may give a price with, by currency (a Czech provider prices in CZK under Czech
 * VAT, a Slovak one in EUR under Slovak VAT): CZ 0, 12, 21 %; SK since 2025 0, 5, 19, 23 %. 0 means
 * no VAT in the price — the usual case, since social services and health care are exempt in both
 * countries (and a provider that is not a VAT payer charges none).
 */
export const vatRatesByCurrency: Record<Currency, readonly number[]> = {
  CZK: [0, 12, 21],
  EUR: [0, 5, 19, 23],
};

/** The largest price a provider may enter: 1,000,000.00 in major units (a month in a home is ~30,000 CZK). */
export const maxPriceAmountMinor = 100_000_000;

export type PriceAmountProblem = Extract<
  ValidationKey,
  'required' | 'amount' | 'amountDecimals' | 'min' | 'max'
>;

/**
 * An amount as typed, in major units: digits with a decimal comma or point and at most two decimals,
 * thousands optionally grouped by spaces (ordinary, no-break or narrow no-break), as Czech and Slovak
 * write them: `199`, `199,50`, `199.5`, `1 250,00`. No sign, exponent or currency.
 */
const typedAmount = /^(\d+|\d{1,3}(?:[ \u00a0\u202f]\d{3})+)(?:[.,](\d+))?$/;

/**
 * An amount typed into a form (a string as above, or a JSON number) in minor units: `'199,50'` →
 * 19950. Exact for strings (integer arithmetic); a number may carry binary noise (`0.1 + 0.2`) but no
 * third decimal. Otherwise the rule it breaks.
 */
export function parsePriceAmount(
  value: string | number,
): { amountMinor: number } | { problem: PriceAmountProblem } {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { problem: 'amount' };
    if (value < 0) return { problem: 'min' };
    if (value * 100 > maxPriceAmountMinor) return { problem: 'max' };
    const amountMinor = Math.round(value * 100);
    if (Math.abs(value * 100 - amountMinor) > 1e-6) return { problem: 'amountDecimals' };
    return { amountMinor: amountMinor + 0 };
  }
  const text = value.trim();
  if (text === '') return { problem: 'required' };
  if (text.length > 32) return { problem: 'amount' };
  if (/^[-\u2212]\s*\d/.test(text)) return { problem: 'min' };
  const match = typedAmount.exec(text);
  if (!match) return { problem: 'amount' };
  const [, whole = '', fraction = ''] = match;
  if (fraction.length > 2) return { problem: 'amountDecimals' };
  const digits = whole.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  if (digits.length > 9) return { problem: 'max' };
  const amountMinor = Number(digits) * 100 + Number(fraction.padEnd(2, '0'));
  if (amountMinor > maxPriceAmountMinor) return { problem: 'max' };
  return { amountMinor };
}

const priceAmountParameters: Partial<Record<PriceAmountProblem, Record<string, number>>> = {
  min: { min: 0, count: 0 },
  max: { max: maxPriceAmountMinor / 100, count: maxPriceAmountMinor / 100 },
};

/** The amount of a price being entered, in major units as typed (`'199,50'` or `199.5`) → minor units. */
export const PriceAmountInputSchema = z
  .union([z.number(), z.string()], { error: requiredOr('amount') })
  .transform((value, ctx) => {
    const parsed = parsePriceAmount(value);
    if ('amountMinor' in parsed) return parsed.amountMinor;
    const params = priceAmountParameters[parsed.problem];
    ctx.addIssue({
      code: 'custom',
      message: validationKey(parsed.problem),
      input: value,
      ...(params && { params }),
    });
    return z.NEVER;
  })
  .pipe(z.number().int().min(0).max(maxPriceAmountMinor))
  .meta({ description: 'Major units with at most two decimals, e.g. 199, 199.5 or "199,50"' });

/**
 * A price as a provider enters it: amount (major units, see `PriceAmountInputSchema`), currency and a VAT
 * rate of that currency's country (`vatRatesByCurrency`); becomes a `Price`. Each part is required: a
 * price is all three or none (see `OptionalPriceInputSchema`).
 */
export const PriceInputSchema = z
  .object({
    amount: PriceAmountInputSchema,
    currency: z.enum(currencies, { error: selectedOptionError }),
    vatRatePercent: z
      .number({ error: requiredOr('invalidOption') })
      .meta({ description: 'One of the currency’s rates: CZK 0, 12, 21; EUR 0, 5, 19, 23' }),
  })
  .superRefine((price, ctx) => {
    const rates = vatRatesByCurrency[price.currency];
    if (!rates.includes(price.vatRatePercent)) {
      ctx.addIssue({
        code: 'custom',
        message: validationKey('vatRate'),
        path: ['vatRatePercent'],
        input: price.vatRatePercent,
        params: { currency: price.currency, rates: rates.join(', ') },
      });
    }
  })
  .transform(({ amount, currency, vatRatePercent }) => ({ amountMinor: amount, currency, vatRatePercent }))
  .pipe(PriceSchema)
  .meta({ id: 'PriceBody' });
export type PriceInput = z.input<typeof PriceInputSchema>;

const priceParts = ['amount', 'currency', 'vatRatePercent'] as const;
const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * An optional price in a form: missing, `null`, `''` or all three parts blank is no price
 * (`undefined`); otherwise every part must be given (`required` names the missing ones).
 */
export const OptionalPriceInputSchema = z.preprocess(
  (value) =>
    isBlank(value) ||
    (typeof value === 'object' &&
      !Array.isArray(value) &&
      priceParts.every((part) => isBlank((value as Record<string, unknown>)[part])))
      ? undefined
      : value,
  PriceInputSchema.optional(),
);

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

export const RoleSchema = z.enum(roles);

/** How a service type's code is written: lowercase words joined by hyphens, like the seeded ones. */
export const serviceTypeCodePattern = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

/**
 * A service type's code as answers carry it: one of `serviceTypeCodes`, or of a type a platform
 * administrator added (decision 0131). Typed as the known codes so the UI's
 * `catalogue:serviceTypes.<code>` keys stay checked; the names of an added type reach i18next from the
 * taxonomy at run time.
 */
export const ServiceTypeCodeSchema = z
  .string()
  .max(60)
  .regex(serviceTypeCodePattern)
  .meta({ examples: [...serviceTypeCodes] }) as unknown as z.ZodEnum<{ [K in ServiceTypeCode]: K }>;
