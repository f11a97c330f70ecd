import { operations, ProblemDetailsSchema, ValidationProblemSchema } from '@opora/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operationRoute } from '../platform/operation-route.ts';
import { sendContactMessage } from './send-contact-message.ts';

/**
 * Per client address: enough for a family or an office writing a few messages, too few to use the form
 * to flood the support mailbox.
 */
export const contactRateLimit = { max: 5, timeWindow: '10 minutes' } as const;

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...operationRoute(operations.sendContactMessage, {
      config: { rateLimit: contactRateLimit },
      tags: ['contact'],
      summary: 'Send a message to the Opora team (contact form)',
      description:
        'Queued for the support address with the sender as Reply-To, and sent in the background (retried while the mail server is down).',
      failures: {
        400: ValidationProblemSchema,
        429: ProblemDetailsSchema.meta({ description: 'Too many messages (`RateLimited`).' }),
        503: ProblemDetailsSchema.meta({
          description: 'The message could not be stored; try again later (`ServiceUnavailable`).',
        }),
      },
    }),
    handler: async (request, reply) => {
      await sendContactMessage(
        { db: app.db, mailer: app.mailer, config: app.config, log: request.log },
        request.body,
      );
      return reply.code(204).send(null);
    },
  });
};
