import { type Db, isDatabaseUnavailable } from '@opora/db';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

/**
 * The app borrows the database handle; whoever opened it (server or test) closes it.
 *
 * A query that could not be served in time (statement timeout, no pooled connection within the
 * acquisition timeout, a broken connection) is marked 503 before the error handler sees it, wherever
 * it failed (a hook or a handler), so it is answered as a `ServiceUnavailable` problem and never as a
 * bug; the caller may try again.
 */
export const databasePlugin = fp<{ db: Db }>(
  async (app, { db }) => {
    app.decorate('db', db);
    app.addHook('onError', async (_request, _reply, error) => {
      if (isDatabaseUnavailable(error)) Object.assign(error, { statusCode: 503 });
    });
  },
  { name: 'database', fastify: '5.x' },
);
