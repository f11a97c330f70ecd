import { describe, expect, it } from 'vitest';
import { parseSimpleCsv } from './csv.ts';
import { withIcoCheckDigit } from './demo-catalogue.ts';
import { uuidV5 } from './demo-data.ts';
import { readRegionsCsv } from './regions.ts';

describe('parseSimpleCsv', () => {
  it('reads records by header, with CRLF line ends and a byte order mark', () => {
    expect(
      parseSimpleCsv('\uFEFFcode,name\r\nCZ010,Praha\r\nSK010,Bratislavský kraj\r\n', 'test.csv'),
    ).toEqual([
      { code: 'CZ010', name: 'Praha' },
      { code: 'SK010', name: 'Bratislavský kraj' },
    ]);
  });

  it('rejects a row with a missing field, naming the line', () => {
    expect(() => parseSimpleCsv('code,name\nCZ010,Praha\nSK010\n', 'test.csv')).toThrow(
      'test.csv:3: expected 2 fields, found 1',
    );
  });

  it('rejects quoted fields instead of misreading them', () => {
    expect(() => parseSimpleCsv('code,name\nCZ010,"Praha, hlavní město"\n', 'test.csv')).toThrow(
      'test.csv:2: quoted fields are not supported',
    );
  });
});

describe('readRegionsCsv', () => {
  it('reads 22 regions and 156 counties from data/regions.csv', async () => {
    const data = await readRegionsCsv();
    expect(data.regions).toHaveLength(22);
    expect(data.counties).toHaveLength(156);
  });
});

describe('withIcoCheckDigit', () => {
  it('computes the modulo-11 check digit of real company numbers', () => {
    expect(withIcoCheckDigit('0000694')).toBe('00006947');
    expect(withIcoCheckDigit('0006458')).toBe('00064581');
  });
});

describe('uuidV5', () => {
  it('matches the RFC 9562 test vector', () => {
    expect(uuidV5('6ba7b810-9dad-11d1-80b4-00c04fd430c8', 'www.example.com')).toBe(
      '2ed6657d-e927-568b-95e1-2665a8aea6a2',
    );
  });
});
