import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toErrorDetails } from './error-details.ts';
import {
  atLeastOneField,
  choiceMin,
  EmailSchema,
  hasUnsupportedCharacters,
  IdentificationCodeSchema,
  IsoDateSchema,
  isoDate,
  isPersonName,
  JsonStringSchema,
  nameText,
  numberField,
  optionalField,
  optionalText,
  personNameText,
  requiredText,
  TaxCodeSchema,
  TermsConsentSchema,
  UrlSchema,
  yearField,
  ZipcodeSchema,
} from './fields.ts';

/** `[instructions, parameters]` of every issue, or `[]` when the value passes. */
function problems(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  return result.success
    ? []
    : toErrorDetails(result.error).map((detail) => [detail.instructions, detail.parameters]);
}

describe('required and text length', () => {
  const Name = requiredText({ min: 2, max: 5 });

  it('reports a missing, null or blank value as required, once', () => {
    expect(problems(Name, undefined)).toEqual([['validation:required', {}]]);
    expect(problems(Name, null)).toEqual([['validation:required', {}]]);
    expect(problems(Name, '   ')).toEqual([['validation:required', {}]]);
  });

  it('trims and checks the length with the bound as parameter', () => {
    expect(Name.parse('  Jana ')).toBe('Jana');
    expect(problems(Name, 'J')).toEqual([['validation:minLength', { min: 2, count: 2 }]]);
    expect(problems(Name, 'Jaroslava')).toEqual([['validation:maxLength', { max: 5, count: 5 }]]);
  });

  it('reports a value of the wrong type as invalid', () => {
    expect(problems(Name, 42)).toEqual([['validation:invalid', {}]]);
  });

  it('treats blank optional text as not entered', () => {
    const Note = optionalText({ max: 3 });
    expect(Note.parse('')).toBeUndefined();
    expect(Note.parse(null)).toBeUndefined();
    expect(Note.parse(' ab ')).toBe('ab');
    expect(problems(Note, 'abcd')).toEqual([['validation:maxLength', { max: 3, count: 3 }]]);
  });
});

describe('characters of text fields', () => {
  const unsupported = [['validation:unsupportedCharacters', {}]];
  const controls = ['\u0000', '\u0007', '\u001B', '\u007F', '\u0085', '\u009F'];
  const lineBreaks = ['\n', '\r', '\u2028', '\u2029', '\u000B', '\t'];
  const loneSurrogates = ['\uD800', '\uDBFF', '\uDC00', '\uDE00\uD83D'];
  const bidiControls = [
    '\u202A',
    '\u202B',
    '\u202C',
    '\u202D',
    '\u202E',
    '\u2066',
    '\u2067',
    '\u2068',
    '\u2069',
  ];

  it('keeps the text people write, emoji and scripts included', () => {
    for (const value of ['Dvořáková', 'Łukasiewicz-Müller', 'Иванова', 'שרה', 'Ahoj 👋🏽', 'O\u2019Brien']) {
      expect(requiredText().parse(value)).toBe(value);
      expect(nameText().parse(value)).toBe(value);
    }
  });

  it('refuses NUL and other control characters, line breaks and tabs in one line of text', () => {
    for (const character of [...controls, ...lineBreaks]) {
      expect(problems(requiredText(), `Praha${character}5`), JSON.stringify(character)).toEqual(unsupported);
    }
  });

  it('takes line breaks and tabs in multi-line text, but no other control character', () => {
    const Message = requiredText({ max: 100, multiline: true });
    expect(Message.parse('Dobrý den,\r\n\tprosím o radu.\n\nDěkuji\u2028Věra')).toBe(
      'Dobrý den,\r\n\tprosím o radu.\n\nDěkuji\u2028Věra',
    );
    for (const character of [...controls, '\u000B', '\u000C']) {
      expect(problems(Message, `a${character}b`), JSON.stringify(character)).toEqual(unsupported);
    }
  });

  it('refuses lone surrogate halves (broken UTF-16) in every kind of text', () => {
    for (const surrogate of loneSurrogates) {
      expect(problems(requiredText(), `a${surrogate}b`)).toEqual(unsupported);
      expect(problems(optionalText({ multiline: true }), `a${surrogate}b`)).toEqual(unsupported);
      expect(problems(nameText(), `a${surrogate}b`)).toEqual(unsupported);
    }
    expect(hasUnsupportedCharacters('\uD83D\uDE00', 'name')).toBe(false);
  });

  it('refuses bidirectional embeddings, overrides and isolates in names only', () => {
    for (const character of bidiControls) {
      expect(problems(nameText(), `Jana${character}Nová`), JSON.stringify(character)).toEqual(unsupported);
      expect(problems(personNameText(), `Jana${character}Nová`)).toEqual(unsupported);
      expect(requiredText({ multiline: true }).parse(`a${character}b`)).toBe(`a${character}b`);
    }
    // The marks (LRM, RLM) only steer neutral characters and stay allowed.
    expect(nameText().parse('Jana\u200E')).toBe('Jana\u200E');
  });

  it('answers a megabyte of text with its length limit alone', () => {
    const huge = `${'\u0000'.repeat(10)}${'a'.repeat(1_000_000)}`;
    expect(problems(requiredText({ max: 5000, multiline: true }), huge)).toEqual([
      ['validation:maxLength', { max: 5000, count: 5000 }],
    ]);
  });

  it("tells the identity server's name rule the same: Keycloak's characters and the name characters", () => {
    expect(isPersonName("O'Brien")).toBe(true);
    for (const name of ['Novák (Honza)', 'a/b', 'Nov\u0000ák', 'Nov\nák', 'Nov\u202Eák', 'Nov\uD800ák']) {
      expect(isPersonName(name), JSON.stringify(name)).toBe(false);
    }
  });
});

describe('numbers and years', () => {
  it('checks min, max, integer and positive', () => {
    const Count = numberField({ min: 1, max: 10, integer: true });
    expect(Count.parse(5)).toBe(5);
    expect(problems(Count, 0)).toEqual([['validation:min', { min: 1, count: 1 }]]);
    expect(problems(Count, 11)).toEqual([['validation:max', { max: 10, count: 10 }]]);
    expect(problems(Count, 2.5)).toEqual([['validation:integer', {}]]);
    expect(problems(Count, undefined)).toEqual([['validation:required', {}]]);
    expect(problems(Count, '5')).toEqual([['validation:number', {}]]);
    expect(problems(numberField({ positive: true }), 0)).toEqual([
      ['validation:positive', { min: 0, count: 0 }],
    ]);
    expect(problems(numberField(), Number.NaN)).toEqual([['validation:number', {}]]);
  });

  it('checks years against their bounds', () => {
    const Year = yearField({ min: 1900, max: 2026 });
    expect(Year.parse(1990)).toBe(1990);
    expect(problems(Year, 1899)).toEqual([['validation:yearMin', { min: 1900, count: 1900 }]]);
    expect(problems(Year, 2027)).toEqual([['validation:yearMax', { max: 2026, count: 2026 }]]);
    expect(problems(Year, 1990.5)).toEqual([['validation:integer', {}]]);
  });
});

describe('dates as yyyy-MM-dd', () => {
  it('accepts real calendar dates only', () => {
    expect(IsoDateSchema.parse('2024-02-29')).toBe('2024-02-29');
    for (const value of [
      '2023-02-29',
      '2024-13-01',
      '2024-04-31',
      '24-01-01',
      '01.02.2024',
      '2024-1-1',
      '',
    ]) {
      expect(problems(IsoDateSchema, value)).toEqual([['validation:dateFormat', {}]]);
    }
    expect(problems(IsoDateSchema, undefined)).toEqual([['validation:required', {}]]);
  });

  it('checks bounds and shows them in the display format', () => {
    const Visit = isoDate({ min: '2024-01-01', max: () => '2024-12-31' });
    expect(Visit.parse('2024-06-15')).toBe('2024-06-15');
    expect(Visit.parse('2024-01-01')).toBe('2024-01-01');
    expect(problems(Visit, '2023-12-31')).toEqual([['validation:dateMin', { min: '01. 01. 2024' }]]);
    expect(problems(Visit, '2025-01-01')).toEqual([['validation:dateMax', { max: '31. 12. 2024' }]]);
  });

  it('does not check bounds of a malformed date', () => {
    expect(problems(isoDate({ min: '2024-01-01' }), '2023-02-30')).toEqual([['validation:dateFormat', {}]]);
  });
});

describe('EmailSchema', () => {
  it('accepts a valid address unchanged', () => {
    expect(EmailSchema.parse('jana.novakova+opora@example.cz')).toBe('jana.novakova+opora@example.cz');
  });

  it('refuses surrounding spaces instead of silently trimming a login', () => {
    expect(problems(EmailSchema, ' jana@example.cz')).toEqual([['validation:emailTrimmed', {}]]);
    expect(problems(EmailSchema, 'jana@example.cz ')).toEqual([['validation:emailTrimmed', {}]]);
  });

  it('refuses emoji with their own message', () => {
    expect(problems(EmailSchema, 'jana😀@example.cz')).toEqual([['validation:emailEmoji', {}]]);
    expect(problems(EmailSchema, 'jana@example.cz❤️')).toEqual([['validation:emailEmoji', {}]]);
  });

  it('refuses invalid addresses', () => {
    for (const value of [
      'jana',
      'jana@',
      '@example.cz',
      'jana@example',
      'jana..n@example.cz',
      'ja na@example.cz',
    ]) {
      expect(problems(EmailSchema, value)).toEqual([['validation:email', {}]]);
    }
  });

  it('reports missing and blank as required', () => {
    expect(problems(EmailSchema, undefined)).toEqual([['validation:required', {}]]);
    expect(problems(EmailSchema, '')).toEqual([['validation:required', {}]]);
  });

  it('refuses addresses longer than 254 characters', () => {
    expect(problems(EmailSchema, `${'a'.repeat(64)}@${'b'.repeat(200)}.cz`)).toEqual([
      ['validation:maxLength', { max: 254, count: 254 }],
    ]);
  });
});

describe('URL and JSON', () => {
  it('accepts http and https web addresses only', () => {
    expect(UrlSchema.parse('https://www.pecovatelska-sluzba.cz/o-nas')).toBe(
      'https://www.pecovatelska-sluzba.cz/o-nas',
    );
    expect(UrlSchema.parse('http://example.sk')).toBe('http://example.sk');
    for (const value of [
      'www.example.cz',
      'ftp://example.cz',
      'javascript:alert(1)',
      'https://localhost',
      'nonsense',
    ]) {
      expect(problems(UrlSchema, value)).toEqual([['validation:url', {}]]);
    }
  });

  it('accepts text that parses as JSON', () => {
    expect(JsonStringSchema.parse('{"pages":[]}')).toBe('{"pages":[]}');
    expect(problems(JsonStringSchema, '{pages: []}')).toEqual([['validation:json', {}]]);
    expect(problems(JsonStringSchema, '')).toEqual([['validation:required', {}]]);
  });
});

describe('choices and consents', () => {
  it('requires at least the given number of choices', () => {
    const Needs = choiceMin(z.string(), 2);
    expect(Needs.parse(['mobility', 'hygiene'])).toHaveLength(2);
    expect(problems(Needs, ['mobility'])).toEqual([['validation:choiceMin', { min: 2, count: 2 }]]);
  });

  it('requires the terms consent to be given', () => {
    expect(TermsConsentSchema.parse(true)).toBe(true);
    expect(problems(TermsConsentSchema, false)).toEqual([['validation:termsConsentRequired', {}]]);
    expect(problems(TermsConsentSchema, undefined)).toEqual([['validation:termsConsentRequired', {}]]);
  });

  it('requires at least one field of a search form', () => {
    const Search = z
      .object({
        name: optionalText(),
        countyCodes: z.array(z.string()).default([]),
        verified: z.boolean().default(false),
      })
      .superRefine(atLeastOneField(['name', 'countyCodes', 'verified']));
    expect(Search.safeParse({ name: 'Domov' }).success).toBe(true);
    expect(Search.safeParse({ countyCodes: ['CZ0642'] }).success).toBe(true);
    expect(Search.safeParse({ verified: true }).success).toBe(true);
    expect(problems(Search, { name: '  ', countyCodes: [] })).toEqual([
      ['validation:atLeastOne', { fields: 'name, countyCodes, verified' }],
    ]);
  });
});

describe('Czech and Slovak identifiers', () => {
  it('normalises a postal code to five digits', () => {
    expect(ZipcodeSchema.parse('110 00')).toBe('11000');
    expect(ZipcodeSchema.parse('81101')).toBe('81101');
    expect(problems(ZipcodeSchema, '1100')).toEqual([['validation:zipcode', {}]]);
    expect(problems(ZipcodeSchema, '')).toEqual([['validation:required', {}]]);
    expect(optionalField(ZipcodeSchema).parse('')).toBeUndefined();
  });

  it('checks company and tax ids', () => {
    expect(IdentificationCodeSchema.parse('00064581')).toBe('00064581');
    expect(problems(IdentificationCodeSchema, '6458')).toEqual([['validation:identificationCode', {}]]);
    expect(TaxCodeSchema.parse('cz 00064581')).toBe('CZ00064581');
    expect(TaxCodeSchema.parse('SK2020317068')).toBe('SK2020317068');
    expect(problems(TaxCodeSchema, 'DE123456789')).toEqual([['validation:taxCode', {}]]);
  });
});
