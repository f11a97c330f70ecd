import { type OperationId, RegionWithCountiesSchema } from '@opora/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listRegions } from './list-regions.ts';

/** Reference data: changes only with a code-list revision, so browsers and proxies may keep it an hour. */
const regionsCacheControl = 'public, max-age=3600';

export const regionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/regions',
    {
      schema: {
        operationId: 'listRegions' satisfies OperationId,
        tags: ['regions'],
        summary: 'Regions of Czechia and Slovakia with their counties',
        response: { 200: z.array(RegionWithCountiesSchema) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', regionsCacheControl);
      return listRegions(app.db);
    },
  );
};
