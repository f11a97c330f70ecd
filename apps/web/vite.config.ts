import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import rootPackage from '../../package.json' with { type: 'json' };

const apiTarget = process.env.OPORA_API_URL ?? 'http://localhost:3000';
const apiProxy = { '/api': apiTarget, '/realms': apiTarget, '/dev/mail': apiTarget };

const compressible = /\.(js|css|html|svg|json|txt|webmanifest)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes `.br` and `.gz` beside every text file of the build, once, at build time: the API serves
 * them (`preCompressed`) to browsers that accept them, so no request pays for compression.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'opora-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile() && compressible.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name))
        .filter((file) => !file.includes(`${path.sep}.vite${path.sep}`));
      await Promise.all(
        files.map(async (file) => {
          const content = await readFile(file);
          if (content.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
            gzipAsync(content, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };

/**
 * The page definitions, loaded by Node when the build closes rather than bundled into this config:
 * their lazy imports are the app's, never run here.
 */
const pagesFile = new URL('./src/app/pages.ts', import.meta.url).href;

/** The session's code, loaded on a page load with a token (src/lib/session.ts `loadSessionUser`). */
const sessionModule = 'src/lib/auth/session-runtime.ts';

/** The module a page's or layout's lazy import names, as a manifest key (`src/…`). */
function moduleOf(importer: () => Promise<unknown>): string {
  const specifiers = [...importer.toString().matchAll(/import\(\s*["'`]([^"'`]+)["'`]\s*\)/g)];
  const specifier = specifiers[0]?.[1];
  if (specifiers.length !== 1 || !specifier) throw new Error(`Not one lazy import: ${importer.toString()}`);
  return path.posix.join('src/app', specifier);
}

/**
 * Writes `.vite/route-preloads.json`: for each page path (`src/app/pages.ts`), the JavaScript and CSS
 * its lazy route fetches before it can render — the page chunk, the layout route around it (a
 * wizard's), their static imports and the Czech
 * translations of its namespaces (Czech is the fallback language, so it is always loaded) — the shell
 * excluded. The API names these files in the HTML of a navigation (`<link rel="modulepreload">`), so
 * they download beside the shell instead of after it has run; `pnpm size` sums them per route.
 */
function routePreloads(): Plugin {
  let outDir = 'dist';
  return {
    name: 'opora-route-preloads',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const manifest = JSON.parse(await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
        string,
        ManifestChunk
      >;
      const chunk = (key: string) => {
        const found = manifest[key];
        if (!found) throw new Error(`The Vite manifest has no chunk "${key}"`);
        return found;
      };
      /** The files `keys` load, with everything they import statically, the shell excluded. */
      const filesOf = (keys: string[]) => {
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const visit = (key: string) => {
          const { file, isEntry, imports = [], css = [] } = chunk(key);
          if (isEntry || scripts.has(file)) return;
          scripts.add(file);
          for (const style of css) styles.add(style);
          for (const imported of imports) visit(imported);
        };
        for (const key of keys) visit(key);
        return { scripts: [...scripts], styles: [...styles] };
      };
      const { pages } = (await import(pagesFile)) as typeof import('./src/app/pages.ts');
      const routes = pages
        .filter((page) => page.path !== '*')
        .map(({ path: pattern, page, layout, namespaces }) => {
          const modules = [moduleOf(page.importer), ...(layout ? [moduleOf(layout.importer)] : [])];
          const translations = namespaces.map((namespace) => `../../locales/cs/${namespace}.json`);
          return {
            path: pattern,
            page: moduleOf(page.importer),
            modules,
            namespaces,
            ...filesOf([...modules, ...translations]),
          };
        });
      await writeFile(path.join(outDir, '.vite/route-preloads.json'), `${JSON.stringify(routes, null, 1)}\n`);
      // The session's code (refreshing the tokens, loading the user), which a signed-in page load
      // downloads before its page can be shown: the API names it too when the token cookie is sent.
      const { scripts: sessionScripts } = filesOf([sessionModule]);
      await writeFile(
        path.join(outDir, '.vite/session-preloads.json'),
        `${JSON.stringify({ scripts: sessionScripts }, null, 1)}\n`,
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), routePreloads()],
  resolve: {
    alias: { '@/': new URL('./src/', import.meta.url).pathname },
  },
  define: {
    // One version for the whole product: the web build, the API and the footer show the same number.
    __APP_VERSION__: JSON.stringify(rootPackage.version),
  },
  build: {
    // scripts/size.ts reads the manifest to sum each route's initial JavaScript.
    manifest: true,
    // The polyfill only makes `<link rel="modulepreload">` fetch early in browsers without it (Safari
    // before 17, Firefox before 115); there they load on import as before. 0.4 KB gzip of the shell.
    modulePreload: { polyfill: false },
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the first page needs in one chunk: the automatic split of modules shared with
          // lazy chunks costs ~2.5 KB gzip on the home route's budget (gzip works per file).
          groups: [{ name: 'shell', tags: ['$initial'] }],
        },
      },
    },
  },
  // The API, the embedded identity server and the development mailbox, all on the API's port.
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
});
