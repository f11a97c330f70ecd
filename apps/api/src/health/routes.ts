import { type OperationId, ProblemDetailsSchema } from '@opora/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ServiceUnavailableError } from '../platform/errors.ts';
import { checkDatabase } from './check-database.ts';

export const HealthSchema = z
  .object({
    status: z.literal('ok'),
    version: z.string(),
    uptimeSeconds: z.number().nonnegative(),
  })
  .meta({ id: 'Health' });

export const ReadinessSchema = z
  .object({
    status: z.literal('ok'),
    checks: z.object({ database: z.literal('ok') }),
  })
  .meta({ id: 'Readiness' });

/**
 * Liveness answers without touching dependencies (and outside the rate limit, for probes);
 * readiness proves the database answers.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { rateLimit: false },
      schema: {
        operationId: 'getHealth' satisfies OperationId,
        tags: ['platform'],
        summary: 'The process is alive',
        response: { 200: HealthSchema },
      },
    },
    async () => ({
      status: 'ok' as const,
      version: app.config.appVersion,
      uptimeSeconds: Math.round(process.uptime()),
    }),
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
