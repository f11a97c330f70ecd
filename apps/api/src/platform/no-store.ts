import { isOperationId, type OperationContract, operations } from '@opora/contracts';
import type { onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';

const noStoreDirective = /(?:^|,)\s*no-store\s*(?:,|$)/i;

/**
 * Adds `no-store` to `Cache-Control` after the handler, so the directives it set stay (a stored
 * file's `private`). Not on the 404 of a route hidden from the caller (`callNotFound`, the
 * development mailbox asked from afar): that must look like no route at all.
 */
const addNoStore: onSendHookHandler = async (request, reply, payload) => {
  if (request.is404) return payload;
  const current = reply.getHeader('cache-control');
  if (typeof current !== 'string' || current === '') reply.header('cache-control', 'no-store');
  else if (!noStoreDirective.test(current)) reply.header('cache-control', `${current}, no-store`);
  return payload;
};

/**
 * `Cache-Control: no-store` on every answer, failures too, of the operations the contracts' table
 * marks `noStore`. Register before the API modules: it hooks each route as it is added.
 */
export const noStorePlugin = fp(
  async (app) => {
    app.addHook('onRoute', (route) => {
      const operationId: unknown = route.schema?.operationId;
      if (!isOperationId(operationId)) return;
      const operation: OperationContract = operations[operationId];
      if (operation.noStore !== true) return;
      const existing = route.onSend;
      route.onSend =
        existing === undefined
          ? [addNoStore]
          : [...(Array.isArray(existing) ? existing : [existing]), addNoStore];
    });
  },
  { name: 'no-store', fastify: '5.x' },
);
