import { type Operations, operations } from './table.ts';

/** Where the generated table lives, and the command that writes it. */
export const endpointsFile = 'packages/contracts/src/operations/endpoints.generated.ts';
export const endpointsCommand = 'pnpm generate:endpoints';

/**
 * The source of `endpoints.generated.ts`: each operation of the table with its id, method and path
 * only, in the table's order. The browser calls operations through it, so a page that only reads
 * does not download and evaluate zod and every schema before its first request (decision 0093);
 * `endpoints.test.ts` fails when the file no longer matches the table.
 */
export function endpointsSource(table: Operations = operations): string {
  const entries = Object.values(table).map(
    // One line a field, as the formatter leaves it.
    ({ operationId, method, path }) =>
      `  ${operationId}: {\n    operationId: '${operationId}',\n    method: '${method}',\n    path: '${path}',\n  },`,
  );
  return `// Generated from table.ts by \`${endpointsCommand}\`; do not edit (endpoints.test.ts checks it).
import type { OperationId, Operations } from './table.ts';

/** An operation as the browser calls it: its id, method and path, without its schemas. */
export type OperationEndpoint<K extends OperationId> = {
  readonly operationId: K;
  readonly method: Operations[K]['method'];
  readonly path: Operations[K]['path'];
};

/**
 * The operations table (table.ts) without zod: what \`apps/web\` calls. Each operation is still declared
 * once, in table.ts; this is written from it.
 */
export const operations: { readonly [K in OperationId]: OperationEndpoint<K> } = {
${entries.join('\n')}
};
`;
}
