// Every translation key must exist in cs, en and sk with the same interpolation variables;
// cs and sk plurals need one/few/many/other, en needs one/other.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const defaultRoot = path.resolve(import.meta.dirname, '..', 'locales');
const languages = ['cs', 'en', 'sk'] as const;
type Language = (typeof languages)[number];

const pluralSuffix = /_(zero|one|two|few|many|other)$/;
const requiredPlurals: Record<Language, readonly string[]> = {
  cs: ['one', 'few', 'many', 'other'],
  sk: ['one', 'few', 'many', 'other'],
  en: ['one', 'other'],
};

type Entry = { value: string; file: string };

function flatten(value: unknown, prefix: string, out: Map<string, Entry>, file: string): void {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value))
      flatten(child, prefix ? `${prefix}.${key}` : key, out, file);
    return;
  }
  out.set(prefix, { value: typeof value === 'string' ? value : JSON.stringify(value), file });
}

export function loadLanguage(language: string, root = defaultRoot): Map<string, Entry> {
  const dir = path.join(root, language);
  const entries = new Map<string, Entry>();
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
    const namespace = file.replace(/\.json$/, '');
    const json: unknown = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
    flatten(json, '', entries, `${language}/${file}`);
    for (const [key, entry] of [...entries]) {
      if (!key.includes(':') && entry.file === `${language}/${file}`) {
        entries.delete(key);
        entries.set(`${namespace}:${key}`, entry);
      }
    }
  }
  return entries;
}

const variables = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();

export function checkLocales(root = defaultRoot): string[] {
  const problems: string[] = [];
  const loaded = Object.fromEntries(languages.map((l) => [l, loadLanguage(l, root)])) as Record<
    Language,
    Map<string, Entry>
  >;
  const baseKeys = (language: Language) => {
    const keys = new Map<string, Set<string>>();
    for (const key of loaded[language].keys()) {
      const base = key.replace(pluralSuffix, '');
      const forms = keys.get(base) ?? new Set<string>();
      const form = pluralSuffix.exec(key)?.[1];
      if (form) forms.add(form);
      keys.set(base, forms);
    }
    return keys;
  };
  const bases = Object.fromEntries(languages.map((l) => [l, baseKeys(l)])) as Record<
    Language,
    Map<string, Set<string>>
  >;

  for (const language of languages) {
    for (const [key, entry] of loaded[language]) {
      if (entry.value.trim() === '') problems.push(`${language}: ${key} is empty`);
    }
    for (const [base, forms] of bases[language]) {
      for (const other of languages) {
        if (other !== language && !bases[other].has(base)) problems.push(`${other}: missing ${base}`);
      }
      if (forms.size > 0) {
        const missing = requiredPlurals[language].filter((form) => !forms.has(form));
        if (missing.length) problems.push(`${language}: ${base} lacks plural forms ${missing.join(', ')}`);
      }
    }
  }
  // Interpolation variables must agree, or a translation silently drops a value.
  for (const [base] of bases.cs) {
    const varsOf = (language: Language) =>
      [...loaded[language]]
        .filter(([key]) => key.replace(pluralSuffix, '') === base)
        .flatMap(([, entry]) => variables(entry.value))
        .filter((name) => name !== 'count');
    const reference = [...new Set(varsOf('cs'))].sort().join(',');
    for (const language of ['en', 'sk'] as const) {
      const actual = [...new Set(varsOf(language))].sort().join(',');
      if (bases[language].has(base) && actual !== reference) {
        problems.push(`${language}: ${base} uses variables {${actual}} but cs uses {${reference}}`);
      }
    }
  }
  return [...new Set(problems)].sort();
}

if (import.meta.main) {
  const problems = checkLocales();
  const count = loadLanguage('cs').size;
  if (problems.length) {
    console.error(`Locale check failed (${problems.length} problems):`);
    for (const problem of problems) console.error(`  - ${problem}`);
    process.exit(1);
  }
  console.log(
    `Locales OK: ${count} cs keys, all present in en and sk with matching variables and plural forms.`,
  );
}
