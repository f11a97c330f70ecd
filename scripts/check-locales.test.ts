import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkLocales } from './check-locales.ts';

let dir: string | undefined;

function fixture(files: Record<'cs' | 'en' | 'sk', Record<string, unknown>>): string {
  dir = mkdtempSync(path.join(tmpdir(), 'opora-locales-'));
  for (const [language, content] of Object.entries(files)) {
    mkdirSync(path.join(dir, language));
    writeFileSync(path.join(dir, language, 'common.json'), JSON.stringify(content));
  }
  return dir;
}

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

const counties = {
  cs: {
    counties_one: '{{count}} okres',
    counties_few: '{{count}} okresy',
    counties_many: '{{count}} okresu',
    counties_other: '{{count}} okresů',
  },
  sk: {
    counties_one: '{{count}} okres',
    counties_few: '{{count}} okresy',
    counties_many: '{{count}} okresu',
    counties_other: '{{count}} okresov',
  },
  en: { counties_one: '{{count}} county', counties_other: '{{count}} counties' },
};

describe('locale check', () => {
  it('accepts matching keys, variables and plural forms', () => {
    const root = fixture({
      cs: { hello: 'Ahoj {{name}}', ...counties.cs },
      en: { hello: 'Hello {{name}}', ...counties.en },
      sk: { hello: 'Ahoj {{name}}', ...counties.sk },
    });
    expect(checkLocales(root)).toEqual([]);
  });

  it('reports a key missing in one language', () => {
    const root = fixture({ cs: { a: 'A', b: 'B' }, en: { a: 'A', b: 'B' }, sk: { a: 'A' } });
    expect(checkLocales(root)).toEqual(['sk: missing common:b']);
  });

  it('reports Czech plurals without the few and many forms', () => {
    const root = fixture({
      cs: { counties_one: '{{count}} okres', counties_other: '{{count}} okresů' },
      en: counties.en,
      sk: counties.sk,
    });
    expect(checkLocales(root)).toEqual(['cs: common:counties lacks plural forms few, many']);
  });

  it('reports a translation that drops an interpolation variable', () => {
    const root = fixture({ cs: { hi: 'Ahoj {{name}}' }, en: { hi: 'Hello' }, sk: { hi: 'Ahoj {{name}}' } });
    expect(checkLocales(root)).toEqual(['en: common:hi uses variables {} but cs uses {name}']);
  });

  it('reports empty translations', () => {
    const root = fixture({ cs: { a: '' }, en: { a: 'A' }, sk: { a: 'A' } });
    expect(checkLocales(root)).toEqual(['cs: common:a is empty']);
  });
});
