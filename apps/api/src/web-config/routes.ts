import { defaultLocale, identityClientId, locales, operations } from '@opora/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operationRoute } from '../platform/operation-route.ts';

/** What the browser app needs before its first render: version, identity server, languages. */
export const webConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...operationRoute(operations.getWebConfig, {
      tags: ['web'],
      summary: 'Configuration of the web app',
    }),
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return {
        appVersion: app.config.appVersion,
        identity: {
          url: app.config.identity.embedded ? null : app.config.identity.url,
          realm: app.config.identity.realm,
          clientId: identityClientId,
        },
        images: {
          proxyBase: app.config.imageProxyBase,
          // A proxy at another address (a CDN) fetches the source itself: it needs our address.
          sourceBase: /^https?:\/\//.test(app.config.imageProxyBase) ? app.config.publicUrl : null,
        },
        locales: [...locales],
        defaultLocale,
      };
    },
  });
};
