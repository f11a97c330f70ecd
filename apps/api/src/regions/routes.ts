import { operations } from '@opora/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notModified, sendTaggedJson, tagJson } from '../platform/http-cache.ts';
import { operationRoute } from '../platform/operation-route.ts';
import { listRegions } from './list-regions.ts';

/** Reference data: changes only with a code-list revision, so browsers and proxies may keep it an hour. */
const regionsCacheControl = 'public, max-age=3600';

export const regionRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = app.catalogueCache;

  app.route({
    ...operationRoute(operations.listRegions, {
      tags: ['regions'],
      summary: 'Regions of Czechia and Slovakia with their counties',
      description:
        'Names in the caller’s language where they differ (English region names; Czech forms of Slovak ' +
        'regions and Slovak forms of Czech ones); county names stay native except Prague. Ordered by ' +
        'country, then alphabetically in that language. Answers `304` to a current `If-None-Match`.',
      failures: { 304: notModified },
    }),
    handler: async (request, reply) => {
      const { locale } = request.query;
      const tagged = await cache.get(`regions:${locale}`, async () =>
        tagJson(await listRegions(app.db, locale)),
      );
      reply.header('cache-control', regionsCacheControl);
      return sendTaggedJson(request, reply, tagged);
    },
  });
};
