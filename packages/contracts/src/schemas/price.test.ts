import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { toErrorDetails } from '../validation/error-details.ts';
import {
  maxPriceAmountMinor,
  OptionalPriceInputSchema,
  PriceInputSchema,
  parsePriceAmount,
  vatRatesByCurrency,
} from './common.ts';
import { ProviderServiceInputSchema } from './provider-services.ts';

const problems = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success
    ? []
    : toErrorDetails(result.error).map((detail) => `${detail.property} ${detail.instructions}`);
};

describe('parsePriceAmount', () => {
  it('reads amounts as Czech and Slovak people type them into minor units', () => {
    const cases: [string | number, number][] = [
      ['199', 19_900],
      ['199,50', 19_950],
      ['199.5', 19_950],
      ['199,05', 19_905],
      [' 12,9 ', 1_290],
      ['0', 0],
      ['0,00', 0],
      ['007', 700],
      ['1 250', 125_000],
      ['1\u00a0250,50', 125_050],
      ['1\u202f000\u202f000', 100_000_000],
      [199, 19_900],
      [199.5, 19_950],
      [12.34, 1_234],
      [0.1 + 0.2, 30],
      [0, 0],
      [-0, 0],
    ];
    for (const [typed, minor] of cases) {
      expect(parsePriceAmount(typed), JSON.stringify(typed)).toEqual({ amountMinor: minor });
    }
    expect(Object.is((parsePriceAmount(-0) as { amountMinor: number }).amountMinor, 0)).toBe(true);
  });

  it('names the rule a typed amount breaks', () => {
    const cases: [string | number, string][] = [
      ['', 'required'],
      ['   ', 'required'],
      ['199,555', 'amountDecimals'],
      ['1.000', 'amountDecimals'],
      [199.555, 'amountDecimals'],
      [0.001, 'amountDecimals'],
      ['-5', 'min'],
      ['\u22125', 'min'],
      [-0.01, 'min'],
      ['1000000,01', 'max'],
      ['9999999999', 'max'],
      [1_000_000.01, 'max'],
      [1e21, 'max'],
      ['abc', 'amount'],
      ['199 Kč', 'amount'],
      ['€5', 'amount'],
      ['1e5', 'amount'],
      ['0x10', 'amount'],
      ['+5', 'amount'],
      ['1,000.50', 'amount'],
      ['12 34', 'amount'],
      ['199,', 'amount'],
      [',50', 'amount'],
      ['١٢٣', 'amount'],
      ['1\u0000', 'amount'],
      ['9'.repeat(10_000), 'amount'],
      [Number.NaN, 'amount'],
      [Number.POSITIVE_INFINITY, 'amount'],
    ];
    for (const [typed, problem] of cases) {
      expect(parsePriceAmount(typed), JSON.stringify(typed)).toEqual({ problem });
    }
  });

  it('takes the largest amount and nothing above it', () => {
    expect(parsePriceAmount(maxPriceAmountMinor / 100)).toEqual({ amountMinor: maxPriceAmountMinor });
    expect(parsePriceAmount('1000000')).toEqual({ amountMinor: maxPriceAmountMinor });
  });
});

describe('PriceInputSchema', () => {
  it('turns amount, currency and VAT rate into a Price', () => {
    expect(PriceInputSchema.parse({ amount: '199,50', currency: 'CZK', vatRatePercent: 21 })).toEqual({
      amountMinor: 19_950,
      currency: 'CZK',
      vatRatePercent: 21,
    });
    expect(PriceInputSchema.parse({ amount: 12.9, currency: 'EUR', vatRatePercent: 23 })).toEqual({
      amountMinor: 1_290,
      currency: 'EUR',
      vatRatePercent: 23,
    });
  });

  it('takes each currency’s VAT rates and no other', () => {
    for (const [currency, rates] of Object.entries(vatRatesByCurrency)) {
      for (const vatRatePercent of [0, 5, 10, 12, 19, 20, 21, 23]) {
        expect(
          PriceInputSchema.safeParse({ amount: '10', currency, vatRatePercent }).success,
          `${currency} ${vatRatePercent}`,
        ).toBe(rates.includes(vatRatePercent));
      }
    }
    expect(problems(PriceInputSchema, { amount: '10', currency: 'CZK', vatRatePercent: 23 })).toEqual([
      'vatRatePercent validation:vatRate',
    ]);
    const result = PriceInputSchema.safeParse({ amount: '10', currency: 'EUR', vatRatePercent: 21 });
    expect(result.success || toErrorDetails(result.error)[0]?.parameters).toEqual({
      currency: 'EUR',
      rates: '0, 5, 19, 23',
    });
  });

  it('reports each wrong part on its field with a translated key', () => {
    expect(problems(PriceInputSchema, { amount: '199,555', currency: 'CZK', vatRatePercent: 0 })).toEqual([
      'amount validation:amountDecimals',
    ]);
    expect(problems(PriceInputSchema, { amount: -1, currency: 'CZK', vatRatePercent: 0 })).toEqual([
      'amount validation:min',
    ]);
    expect(problems(PriceInputSchema, { amount: 'zdarma', currency: 'USD', vatRatePercent: '21' })).toEqual([
      'amount validation:amount',
      'currency validation:invalidOption',
      'vatRatePercent validation:invalidOption',
    ]);
    expect(problems(PriceInputSchema, { amount: true, currency: 1, vatRatePercent: 21.5 })).toEqual([
      'amount validation:amount',
      'currency validation:invalidOption',
    ]);
  });
});

describe('OptionalPriceInputSchema', () => {
  it('reads nothing entered as no price', () => {
    for (const blank of [undefined, null, '', {}, { amount: '', currency: '', vatRatePercent: '' }]) {
      expect(OptionalPriceInputSchema.parse(blank), JSON.stringify(blank)).toBeUndefined();
    }
  });

  it('needs all three parts once one is given', () => {
    expect(problems(OptionalPriceInputSchema, { amount: '199' })).toEqual([
      'currency validation:required',
      'vatRatePercent validation:required',
    ]);
    expect(problems(OptionalPriceInputSchema, { amount: '199', currency: '', vatRatePercent: 0 })).toEqual([
      'currency validation:required',
    ]);
    expect(problems(OptionalPriceInputSchema, { currency: 'EUR', vatRatePercent: 0 })).toEqual([
      'amount validation:required',
    ]);
    expect(problems(OptionalPriceInputSchema, { amount: ' ', currency: 'EUR', vatRatePercent: 0 })).toEqual([
      'amount validation:required',
    ]);
  });

  it('refuses what is not a price at all', () => {
    for (const hostile of ['199', 199, [199, 'CZK', 21], true]) {
      expect(problems(OptionalPriceInputSchema, hostile), JSON.stringify(hostile)).toEqual([
        ' validation:invalid',
      ]);
    }
  });
});

describe('ProviderServiceInputSchema price', () => {
  const service = {
    name: 'Osobní asistence Brno',
    facilityId: '0b6a3c52-1d4e-4f7a-9c2b-5e8d7f6a1b30',
    serviceTypeId: '7f3e2d1c-0b9a-4c8d-8e7f-6a5b4c3d2e1f',
    countyCodes: ['CZ0642'],
  };

  it('is optional and becomes a Price when given', () => {
    expect(ProviderServiceInputSchema.parse(service).price).toBeUndefined();
    expect(ProviderServiceInputSchema.parse({ ...service, price: null }).price).toBeUndefined();
    expect(
      ProviderServiceInputSchema.parse({
        ...service,
        price: { amount: '1 250,50', currency: 'CZK', vatRatePercent: 0 },
      }).price,
    ).toEqual({ amountMinor: 125_050, currency: 'CZK', vatRatePercent: 0 });
  });

  it('reports a broken price under price.*', () => {
    expect(
      problems(ProviderServiceInputSchema, { ...service, price: { amount: '12,345', currency: 'EUR' } }),
    ).toEqual(['price.amount validation:amountDecimals', 'price.vatRatePercent validation:required']);
  });
});
