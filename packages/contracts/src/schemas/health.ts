import { z } from 'zod';

/** `GET /api/health`: liveness of this process. */
export const HealthSchema = z
  .object({
    status: z.literal('ok'),
    version: z.string(),
    uptimeSeconds: z.number().nonnegative(),
  })
  .meta({ id: 'Health' });

/** `GET /api/ready`: the database answers. */
export const ReadinessSchema = z
  .object({
    status: z.literal('ok'),
    checks: z.object({ database: z.literal('ok') }),
  })
  .meta({ id: 'Readiness' });
