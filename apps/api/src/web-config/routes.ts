import {
  defaultLocale,
  identityClientId,
  locales,
  type OperationId,
  WebConfigSchema,
} from '@opora/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** What the browser app needs before its first render: version, identity server, languages. */
export const webConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/config',
    {
      schema: {
        operationId: 'getWebConfig' satisfies OperationId,
        tags: ['web'],
        summary: 'Configuration of the web app',
        response: { 200: WebConfigSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return {
        appVersion: app.config.appVersion,
        identity: {
          url: app.config.identity.embedded ? null : app.config.identity.url,
          realm: app.config.identity.realm,
          clientId: identityClientId,
        },
        locales: [...locales],
        defaultLocale,
      };
    },
  );
};
