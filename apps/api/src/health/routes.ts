import { operations, ProblemDetailsSchema } from '@opora/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ServiceUnavailableError } from '../platform/errors.ts';
import { operationRoute } from '../platform/operation-route.ts';
import { checkDatabase } from './check-database.ts';
import { watchPool } from './pool-liveness.ts';

/**
 * Liveness (`/health`, outside the rate limit, for probes) touches no dependency: it fails only when
 * this process is wedged — its database pool has every connection taken and none returned for far
 * longer than a healthy statement takes — which a restart cures. Readiness (`/ready`) proves the
 * database answers; a database outage fails readiness, not liveness, since restarting would not help.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const pool = watchPool(app.db.$client);
  app.addHook('onClose', async () => pool.stop());

  app.route({
    ...operationRoute(operations.getHealth, {
      config: { rateLimit: false },
      tags: ['platform'],
      summary: 'The process is alive and its database pool is not wedged',
      failures: {
        503: ProblemDetailsSchema.meta({
          description:
            'Every database connection has been taken and none returned for too long (`ServiceUnavailable`).',
        }),
      },
    }),
    handler: async () => {
      if (pool.stalled()) {
        throw new ServiceUnavailableError(
          `No database connection was returned to the pool for ${pool.stallMs} ms; the process needs a restart.`,
        );
      }
      return {
        status: 'ok' as const,
        version: app.config.appVersion,
        uptimeSeconds: Math.round(process.uptime()),
      };
    },
  });

  app.route({
    ...operationRoute(operations.getReady, {
      tags: ['platform'],
      summary: 'The service can answer requests: its database is reachable',
      failures: { 503: ProblemDetailsSchema },
    }),
    handler: async (request) => {
      try {
        await checkDatabase(app.db);
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
        throw new ServiceUnavailableError('The database is not reachable.');
      }
      return { status: 'ok' as const, checks: { database: 'ok' as const } };
    },
  });
};
