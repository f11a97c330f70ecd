// Which folder may not import what (run by `pnpm lint`). One table instead of a lint block per
// folder: a row names the importing folders, what they may not import and why.
//   - a folder with `/*` at its end stands for each folder in it: `features/*` may not import
//     `features/*` means a feature may not import another feature (its own files are fine);
//   - what may not be imported is a workspace folder (`apps/api`) or a package name (`pg`, which
//     also covers `pg/…`; a scope such as `@fastify` covers its packages).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface Boundary {
  from: string;
  mayNotImport: readonly string[];
  because: string;
}

const web = 'apps/web';
const features = `${web}/src/features`;
const sharedFeatures = `${web}/src/shared-features`;
const components = `${web}/src/components`;

export const boundaries: readonly Boundary[] = [
  {
    from: web,
    mayNotImport: ['@opora/db', 'packages/db'],
    because: 'The browser bundle must never include the data layer: import shapes from @opora/contracts.',
  },
  { from: web, mayNotImport: ['drizzle-orm'], because: 'The browser bundle must never include the ORM.' },
  {
    from: web,
    mayNotImport: ['fastify', '@fastify'],
    because: 'The browser bundle must never include the server framework.',
  },
  { from: web, mayNotImport: ['pg'], because: 'The browser bundle must never include a database driver.' },
  {
    from: web,
    mayNotImport: ['@opora/api', 'apps/api'],
    because: 'apps/web imports only @opora/contracts from the workspace.',
  },
  {
    from: `${features}/*`,
    mayNotImport: [`${features}/*`],
    because:
      'A feature never imports another feature: move what both need to shared-features/, components/ or lib/.',
  },
  {
    from: sharedFeatures,
    mayNotImport: [features],
    because:
      'Shared features serve the pages, never the other way round: move what both need into shared-features/.',
  },
  {
    from: components,
    mayNotImport: [features, sharedFeatures],
    because:
      'components/ holds generic UI: a domain module belongs in shared-features/, a page in features/.',
  },
];

/** Folders the check reads; their own node_modules and build output are skipped. */
const checkedFolders = [web];
const skipped = new Set(['node_modules', 'dist', '.vite']);
/** Path aliases of the checked folders (apps/web's `@/` is its `src/`). */
const aliases: Record<string, string> = { '@/': `${web}/src/` };

/** `import … from 'x'`, `export … from 'x'`, `import 'x'` and `import('x')`, types included. */
const importPattern =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+\s+from\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

export interface Violation {
  file: string;
  line: number;
  specifier: string;
  because: string;
}

function sourceFiles(root: string, folder: string): string[] {
  const entries = readdirSync(path.join(root, folder), { withFileTypes: true });
  return entries.flatMap((entry) => {
    const relative = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return skipped.has(entry.name) ? [] : sourceFiles(root, relative);
    return /\.(ts|tsx|mts|js|jsx)$/.test(entry.name) ? [relative] : [];
  });
}

const within = (file: string, folder: string) => file === folder || file.startsWith(`${folder}/`);

/** The folder a `/*` pattern stands for when `file` is in it (`features/clients` for a file of it). */
function matchedFolder(pattern: string, file: string): string | undefined {
  if (!pattern.endsWith('/*')) return within(file, pattern) ? pattern : undefined;
  const parent = pattern.slice(0, -2);
  if (!within(file, parent) || file === parent) return undefined;
  const child = file.slice(parent.length + 1).split('/')[0];
  return child === undefined ? undefined : `${parent}/${child}`;
}

/** A relative or aliased specifier as a workspace path; a package name as it is. */
function target(file: string, specifier: string): { path: string } | { packageName: string } {
  const alias = Object.keys(aliases).find((prefix) => specifier.startsWith(prefix));
  if (alias) return { path: `${aliases[alias]}${specifier.slice(alias.length)}` };
  if (specifier.startsWith('.')) return { path: path.posix.join(path.posix.dirname(file), specifier) };
  return { packageName: specifier };
}

function forbids(rule: string, importer: string, imported: ReturnType<typeof target>): boolean {
  if ('packageName' in imported) {
    const name = imported.packageName;
    return name === rule || name.startsWith(`${rule}/`);
  }
  if (rule.endsWith('/*')) {
    const own = matchedFolder(rule, importer);
    const theirs = matchedFolder(rule, imported.path);
    return theirs !== undefined && theirs !== own;
  }
  return within(imported.path, rule);
}

/** Every import in the checked folders under `root` that a row of `table` forbids. */
export function checkBoundaries(root: string, table: readonly Boundary[] = boundaries): Violation[] {
  const violations: Violation[] = [];
  for (const file of checkedFolders.flatMap((folder) => sourceFiles(root, folder))) {
    const rows = table.filter((row) => matchedFolder(row.from, file) !== undefined);
    if (rows.length === 0) continue;
    const source = readFileSync(path.join(root, file), 'utf8');
    for (const match of source.matchAll(importPattern)) {
      const specifier = match[1] ?? match[2] ?? '';
      const imported = target(file, specifier);
      const row = rows.find((candidate) =>
        candidate.mayNotImport.some((rule) => forbids(rule, file, imported)),
      );
      if (!row) continue;
      const line = source.slice(0, match.index + match[0].indexOf(specifier)).split('\n').length;
      violations.push({ file, line, specifier, because: row.because });
    }
  }
  return violations;
}

if (import.meta.main) {
  const violations = checkBoundaries(path.resolve(import.meta.dirname, '..'));
  if (violations.length > 0) {
    console.error(`Boundary check failed (${violations.length} imports):`);
    for (const { file, line, specifier, because } of violations) {
      console.error(`  ${file}:${line} imports '${specifier}': ${because}`);
    }
    process.exit(1);
  }
  console.log(`Boundaries OK: ${boundaries.length} rules over ${checkedFolders.join(', ')}.`);
}
