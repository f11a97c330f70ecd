import { HealthSchema, type OperationId, ProblemDetailsSchema, ReadinessSchema } from '@opora/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ServiceUnavailableError } from '../platform/errors.ts';
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

  app.get(
    '/health',
    {
      config: { rateLimit: false },
      schema: {
        operationId: 'getHealth' satisfies OperationId,
        tags: ['platform'],
        summary: 'The process is alive and its database pool is not wedged',
        response: {
          200: HealthSchema,
          503: ProblemDetailsSchema.meta({
            description:
              'Every database connection has been taken and none returned for too long (`ServiceUnavailable`).',
          }),
        },
      },
    },
    async () => {
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
  );

  app.get(
    '/ready',
    {
      schema: {
        operationId: 'getReady' satisfies OperationId,
        tags: ['platform'],
        summary: 'The service can answer requests: its database is reachable',
        response: { 200: ReadinessSchema, 503: ProblemDetailsSchema },
      },
    },
    async (request) => {
      try {
        await checkDatabase(app.db);
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
        throw new ServiceUnavailableError('The database is not reachable.');
      }
      return { status: 'ok' as const, checks: { database: 'ok' as const } };
    },
  );
};
