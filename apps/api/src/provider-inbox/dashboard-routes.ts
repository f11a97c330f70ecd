import { operations, ProblemDetailsSchema } from '@opora/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../platform/auth.ts';
import { operationRoute } from '../platform/operation-route.ts';
import { resolveProviderScope } from '../platform/provider-scope.ts';
import { getProviderDashboard } from './dashboard.ts';

/** The provider's small dashboard (SPEC §1 provider home): figures of the caller's scope. */
export const providerDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...operationRoute(operations.getProviderDashboard, {
      tags: ['provider inbox'],
      summary: 'Counts by status, time to first answer and outcomes over the last 30 or 90 days',
      description:
        'Over the requests the caller may see (a worker: their facilities’ and those assigned to them): how ' +
        'many are in each status now; of those sent in the last `days` days, how many the provider answered ' +
        '(changed their status) and the median hours to that first answer; and how the requests that ended ' +
        'in the window ended — accepted, declined by reason, expired unanswered, withdrawn by the sender.',
      failures: {
        404: ProblemDetailsSchema.meta({
          description: 'The caller is not a member of this provider (`NotFoundException`).',
        }),
      },
    }),
    handler: async (request) => {
      const scope = await resolveProviderScope(app.db, requirePrincipal(request), request.params.providerId);
      return getProviderDashboard(app.db, scope, Number(request.query.days));
    },
  });
};
