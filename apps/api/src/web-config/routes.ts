import { operations } from '@opora/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operationRoute } from '../platform/operation-route.ts';
import { webConfigOf } from './web-config.ts';

/** What the browser app needs before its first render: version, identity server, languages. */
export const webConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...operationRoute(operations.getWebConfig, {
      tags: ['web'],
      summary: 'Configuration of the web app',
    }),
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return webConfigOf(app.config);
    },
  });
};
