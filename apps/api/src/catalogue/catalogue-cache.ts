import fp from 'fastify-plugin';
import { createResponseCache, type ResponseCache } from '../platform/response-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Guests' catalogue answers (platform/response-cache.ts). A provider's change to a service the
     * catalogue may show clears it (`invalidateCatalogue`), so the change is seen by the next request.
     */
    catalogueCache: ResponseCache;
  }
}

/** The catalogue's response cache, one per app, shared by the catalogue routes and the writers that change what it shows. */
export const catalogueCachePlugin = fp(
  async (app) => {
    app.decorate('catalogueCache', createResponseCache(app.config.catalogueCacheSeconds));
  },
  { name: 'catalogue-cache', fastify: '5.x', dependencies: ['config'] },
);
