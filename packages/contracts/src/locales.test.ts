import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { errorCodes } from './errors.ts';
import { pluralValidationKeys, validationKeys } from './validation/keys.ts';

const languages = ['cs', 'en', 'sk'] as const;
const pluralForms = {
  cs: ['one', 'few', 'many', 'other'],
  sk: ['one', 'few', 'many', 'other'],
  en: ['one', 'other'],
};
const localesDir = new URL('../../../locales/', import.meta.url);

function load(language: string, namespace: string): Record<string, string> {
  return JSON.parse(readFileSync(new URL(`${language}/${namespace}.json`, localesDir), 'utf8'));
}

/** Every `validation:<key>` literal and `validationKey('<key>')` call in the package's source. */
function keysUsedInSource(): Set<string> {
  const used = new Set<string>();
  const walk = (dir: URL) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(new URL(`${entry.name}/`, dir));
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        const source = readFileSync(new URL(entry.name, dir), 'utf8');
        for (const match of source.matchAll(/['`]validation:([A-Za-z]+)['`]/g)) used.add(match[1]!);
        for (const match of source.matchAll(
          /(?:validationKey|requiredOr|patternCheck)\([^)]*?'([A-Za-z]+)'\)/g,
        )) {
          used.add(match[1]!);
        }
      }
    }
  };
  walk(new URL('./', import.meta.url));
  return used;
}

describe.each(languages)('%s translations', (language) => {
  const errors = load(language, 'errors');
  const validation = load(language, 'validation');

  it('have a message for every error code of the catalogue', () => {
    const missing = errorCodes.filter((code) => !errors[code]?.trim());
    expect(missing).toEqual([]);
    expect(errors.NotUniqueValidator_email).toBeTruthy();
    expect(errors.NotUniqueValidator).toContain('{{value}}');
  });

  it('have a message for every validation key, with all plural forms of the language', () => {
    const missing: string[] = [];
    for (const key of validationKeys) {
      const forms: readonly string[] = (pluralValidationKeys as readonly string[]).includes(key)
        ? pluralForms[language].map((form) => `${key}_${form}`)
        : [key];
      for (const form of forms) if (!validation[form]?.trim()) missing.push(form);
    }
    expect(missing).toEqual([]);
  });

  it('have no validation message that no schema can produce', () => {
    const known = new Set<string>(validationKeys);
    const stray = Object.keys(validation).filter(
      (key) => !known.has(key.replace(/_(one|few|many|other)$/, '')),
    );
    expect(stray).toEqual([]);
  });

  it('interpolate the parameters the schemas send', () => {
    for (const key of ['min', 'dateMin', 'yearMin']) expect(validation[key]).toContain('{{min}}');
    for (const key of ['max', 'dateMax', 'yearMax', 'fileSize']) expect(validation[key]).toContain('{{max}}');
    for (const key of pluralValidationKeys) {
      for (const form of pluralForms[language]) expect(validation[`${key}_${form}`]).toContain('{{count}}');
    }
  });
});

it('every validation key used in the source is declared, so it is translated', () => {
  const used = keysUsedInSource();
  expect(used.size).toBeGreaterThan(20);
  const undeclared = [...used].filter((key) => !(validationKeys as readonly string[]).includes(key));
  expect(undeclared).toEqual([]);
});
