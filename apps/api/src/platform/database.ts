import type { Db } from '@opora/db';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

/** The app borrows the database handle; whoever opened it (server or test) closes it. */
export const databasePlugin = fp<{ db: Db }>(
  async (app, { db }) => {
    app.decorate('db', db);
  },
  { name: 'database', fastify: '5.x' },
);
