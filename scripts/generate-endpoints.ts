/**
 * `pnpm generate:endpoints`: writes packages/contracts/src/operations/endpoints.generated.ts, the
 * browser's zod-free copy of the operations table (ids, methods, paths), from the table itself.
 * Run it after changing table.ts; `endpoints.test.ts` fails until then.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { endpointsFile, endpointsSource } from '@opora/contracts/endpoints-source';

const root = path.resolve(import.meta.dirname, '..');
await writeFile(path.join(root, endpointsFile), endpointsSource());
console.log(`Wrote ${endpointsFile}`);
