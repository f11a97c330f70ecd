/**
 * The Node.js flags the API and the job worker run with in production: `pnpm start` and `pnpm worker`
 * (package.json) and the image's command (Dockerfile) carry them, and the benchmarks start the API and
 * the export children with them. `node-flags.test.ts` fails when one of those places drifts.
 *
 * `--max-semi-space-size=8` (MiB; V8 lets the young generation grow to 3 × 16 MiB by default): Node 24
 * parses a package's whole `exports` map again for each of its modules it loads (drizzle-orm's 179 KB,
 * about 460 times), and with the default young generation that garbage lifted the API's resident
 * memory to about 490 MiB at start, an export's process to 300–370 MiB. With 8: 307 MiB for the API
 * under the grid's load, an export of 100,000 rows 226–250 MiB, at the same pages a second (4 cost
 * ~10 % of them; `pnpm bench inbox`, docs/performance.md).
 */
export const productionNodeFlags: readonly string[] = ['--max-semi-space-size=8'];
