import { operations, ProblemDetailsSchema, ValidationProblemSchema } from '@opora/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../platform/auth.ts';
import { operationRoute } from '../platform/operation-route.ts';
import { resolveProviderScope } from '../platform/provider-scope.ts';
import { getServiceCapacity, listServiceCapacities, updateServiceCapacity } from './service-capacity.ts';

const tags = ['service capacity'];

const notMember = ProblemDetailsSchema.meta({
  description:
    'The caller is not a member of this provider (`NotFoundException`), whatever their roles elsewhere.',
});
const notInScope = ProblemDetailsSchema.meta({
  description:
    'The caller is not a member of this provider, or the service is not one whose capacity they may ' +
    'update — another provider’s, archived, or for a worker outside their facilities (`NotFoundException`).',
});

/**
 * Live capacity of services (issue 23 §4): the capacity page, one service's card and the one-click
 * update. Administrators and coordinators act on every facility's services, a worker on their
 * facilities'; anything else answers 404.
 */
export const serviceCapacityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...operationRoute(operations.listProviderServiceCapacities, {
      tags,
      summary: 'The capacity of every service the caller may update (the capacity page)',
      description:
        'Non-archived services of the caller’s facilities (all of them for administrators and ' +
        'coordinators). Stale ones — never confirmed or not for 30 days — come first, the oldest first.',
      failures: { 404: notMember },
    }),
    handler: async (request) => {
      const scope = await resolveProviderScope(app.db, requirePrincipal(request), request.params.providerId);
      return listServiceCapacities(app.db, scope, app.clock());
    },
  });

  app.route({
    ...operationRoute(operations.getProviderServiceCapacity, {
      tags,
      summary: 'One service’s capacity (the card on the service and in a request)',
      failures: { 400: ValidationProblemSchema, 404: notInScope },
    }),
    handler: async (request) => {
      const { providerId, serviceId } = request.params;
      const scope = await resolveProviderScope(app.db, requirePrincipal(request), providerId);
      return getServiceCapacity(app.db, scope, serviceId, app.clock());
    },
  });

  app.route({
    ...operationRoute(operations.updateProviderServiceCapacity, {
      tags,
      summary: 'Confirm, mark full or set a service’s capacity (one click)',
      description:
        '`confirm` keeps what is stated and renews its time; `full` stops taking new clients (no free ' +
        'places; the waiting time kept); `set` states accepting, free places and waiting weeks. Every ' +
        'update records when and by whom; the public catalogue shows it at once.',
      failures: {
        400: ValidationProblemSchema,
        404: notInScope,
        409: ProblemDetailsSchema.meta({
          description: '`confirm` on a service whose capacity was never stated (`ServiceCapacityNotStated`).',
        }),
      },
    }),
    handler: async (request) => {
      const { providerId, serviceId } = request.params;
      const scope = await resolveProviderScope(app.db, requirePrincipal(request), providerId);
      return updateServiceCapacity(app.db, scope, serviceId, request.body, app.clock());
    },
  });
};
