import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Locale, locales, type RelationshipTypeCode } from '@opora/contracts';
import { repoRoot } from '../platform/config.ts';

interface EnumsNamespace {
  relationshipType: Partial<Record<RelationshipTypeCode, string>>;
}

/** `locales/<locale>/enums.json`, read once when the API starts (the web app reads the same files). */
const enumsByLocale = Object.fromEntries(
  locales.map((locale) => [
    locale,
    JSON.parse(readFileSync(path.join(repoRoot, 'locales', locale, 'enums.json'), 'utf8')) as EnumsNamespace,
  ]),
) as Record<Locale, EnumsNamespace>;

/** `enums:relationshipType.<code>` in `locale`; Czech, then the code, when a translation is missing. */
export function relationshipTypeName(code: RelationshipTypeCode, locale: Locale): string {
  return enumsByLocale[locale].relationshipType[code] ?? enumsByLocale.cs.relationshipType[code] ?? code;
}
