/**
 * `pnpm size`: the initial JavaScript each route of the web app downloads, raw and gzip, from the
 * Vite manifest of `apps/web/dist`. A route's initial JavaScript is the entry chunk and everything
 * it imports statically, plus the route's lazy modules (its page chunk and the layout route around it)
 * and everything they import statically.
 * Chunks fetched later on demand (other languages, the menus, the session runtime, the client editor) do not count.
 * Exits non-zero when the home route is over its 200 KB gzip budget (docs/decisions/0083).
 *
 * Builds the web app first when the build is missing or older than its sources; `--build` forces it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildWeb, webBuildIsStale, webDist } from './web-build.ts';

const dist = webDist;
const manifestFile = path.join(dist, '.vite/manifest.json');

export const homeBudgetBytes = 200 * 1024;

/**
 * What the build writes for each page path (apps/web/vite.config.ts `routePreloads`, from the page
 * definitions of apps/web/src/app/pages.ts): its page module, the lazy modules it loads (page, layout
 * route) and its translation namespaces.
 */
type RoutePreload = { path: string; page: string; modules: string[]; namespaces: string[] };
type RouteGroup = { page: string; modules: string[]; routes: string[]; namespaces: string[] };

/** Routes that load the same modules and namespaces, measured once. */
function readRouteGroups(): Map<string, RouteGroup> {
  const preloads = JSON.parse(
    readFileSync(path.join(dist, '.vite/route-preloads.json'), 'utf8'),
  ) as RoutePreload[];
  const groups = new Map<string, RouteGroup>();
  for (const { path: route, page, modules, namespaces } of preloads) {
    const key = [...modules, ...namespaces].join(' ');
    const group = groups.get(key) ?? { page, modules, routes: [], namespaces };
    group.routes.push(route);
    groups.set(key, group);
  }
  return groups;
}
/** Czech is the default language: its translation chunks count, the others load only when chosen. */
const translationKey = (namespace: string) => `../../locales/cs/${namespace}.json`;
const homePage = 'src/features/home/components/home-page.tsx';

export type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
export type Manifest = Record<string, ManifestChunk>;

/** Manifest keys of a chunk and of everything it imports statically, transitively. */
export function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The Vite manifest has no chunk "${key}"`);
  into.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

export function entryKey(manifest: Manifest): string {
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  if (entries.length !== 1)
    throw new Error(`Expected one entry chunk in the manifest, found ${entries.length}`);
  return entries[0]![0];
}

type Size = { raw: number; gzip: number };

function sizeOf(files: Iterable<string>): Size {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const content = readFileSync(path.join(dist, file));
    raw += content.byteLength;
    gzip += gzipSync(content, { level: 9 }).byteLength;
  }
  return { raw, gzip };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function main(): number {
  if (process.argv.includes('--build') || webBuildIsStale()) {
    console.log('Building apps/web …');
    const status = buildWeb();
    if (status !== 0) return status;
  }

  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const entry = entryKey(manifest);
  const shell = staticClosure(manifest, entry);
  const shellSize = sizeOf([...shell].map((key) => manifest[key]!.file));

  const routeGroups = readRouteGroups();

  console.log(
    `\nInitial JavaScript per route: entry + static imports + the route's lazy modules (page, layout route) + their static imports + the page's Czech translations\n`,
  );
  console.log(`${'route'.padEnd(46)}${'raw'.padStart(12)}${'gzip'.padStart(12)}`);
  console.log(
    `${'shell (entry)'.padEnd(46)}${kb(shellSize.raw).padStart(12)}${kb(shellSize.gzip).padStart(12)}`,
  );

  let homeGzip = 0;
  let homeKeys = new Set<string>();
  for (const { page, modules, routes, namespaces } of routeGroups.values()) {
    const keys = new Set(shell);
    for (const module of modules) staticClosure(manifest, module, keys);
    for (const namespace of namespaces) staticClosure(manifest, translationKey(namespace), keys);
    if (page === homePage) homeKeys = keys;
    const size = sizeOf([...keys].map((key) => manifest[key]!.file));
    if (page === homePage) homeGzip = size.gzip;
    const mark =
      page === homePage
        ? `  ${size.gzip <= homeBudgetBytes ? 'within' : 'OVER'} budget ${kb(homeBudgetBytes)}`
        : '';
    for (const [index, route] of routes.entries()) {
      const numbers =
        index === 0 ? `${kb(size.raw).padStart(12)}${kb(size.gzip).padStart(12)}${mark}` : '      (same)';
      console.log(`${route.padEnd(46)}${numbers}`);
    }
  }

  // The home page requests the rest of itself (region picker, sections below the first screen)
  // as soon as it renders: reported, not counted against the first-screen budget.
  const deferred = (manifest[homePage]!.dynamicImports ?? []).filter((key) =>
    key.startsWith('src/features/home/'),
  );
  const homeComplete = new Set(homeKeys);
  for (const key of [...deferred, translationKey('home-sections')])
    staticClosure(manifest, key, homeComplete);
  const complete = sizeOf([...homeComplete].map((key) => manifest[key]!.file));
  console.log(
    `${'/ complete, after deferred chunks'.padEnd(46)}${kb(complete.raw).padStart(12)}${kb(complete.gzip).padStart(12)}  (${deferred.join(', ')}, home-sections translations)`,
  );

  const pageModules = new Set([...[...routeGroups.values()].flatMap((group) => group.modules), ...deferred]);
  const unlisted = Object.entries(manifest)
    .filter(
      ([key, chunk]) =>
        chunk.isDynamicEntry && /^src\/features\/.*-page\.tsx$/.test(key) && !pageModules.has(key),
    )
    .map(([key]) => key);
  if (unlisted.length > 0)
    console.log(`\nPage chunks not mapped to a route in apps/web/src/app/pages.ts: ${unlisted.join(', ')}`);

  const onDemand = Object.entries(manifest)
    .filter(([key, chunk]) => chunk.isDynamicEntry && key.startsWith('src/') && !pageModules.has(key))
    .map(([key]) => {
      const size = sizeOf(
        [...staticClosure(manifest, key)].filter((k) => !shell.has(k)).map((k) => manifest[k]!.file),
      );
      return `  ${key.padEnd(58)}${kb(size.gzip).padStart(10)} gzip`;
    });
  console.log(
    `\nFetched on demand (menus, the session runtime, editors), beyond the shell:\n${onDemand.join('\n')}`,
  );

  const css = sizeOf(new Set([...shell].flatMap((key) => manifest[key]!.css ?? [])));
  console.log(`\nShell CSS (not JavaScript, outside the budget): ${kb(css.raw)} raw, ${kb(css.gzip)} gzip`);

  if (homeGzip > homeBudgetBytes) {
    console.error(
      `\nThe home route's initial JavaScript is ${kb(homeGzip)} gzip, over the ${kb(homeBudgetBytes)} budget.`,
    );
    return 1;
  }
  console.log(`\nHome route: ${kb(homeGzip)} gzip of ${kb(homeBudgetBytes)} budget.`);
  return 0;
}

if (import.meta.main) process.exitCode = main();
