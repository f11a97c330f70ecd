import { operations, ProblemDetailsSchema, ValidationProblemSchema } from '@opora/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../platform/auth.ts';
import { operationRoute } from '../platform/operation-route.ts';
import { searchCarers, viewCarerSubscriptions } from './carer-subscriptions.ts';
import { grantFreePlan, revokeFreePlan } from './free-plans.ts';

const tags = ['platform staff'];
const unknown = ProblemDetailsSchema.meta({ description: 'No such person (`NotFoundException`).' });

/**
 * A person's subscriptions and Opora's free plan (SPEC §4 "free service", issue 25 §4, decision 0129),
 * for platform administrators: found by e-mail, opened (audited), the free plan given or taken back.
 */
export const adminSubscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = () => ({ db: app.db, mailer: app.mailer, publicUrl: app.config.publicUrl });

  app.route({
    ...operationRoute(operations.searchCarers, {
      tags,
      summary: 'People whose e-mail starts with the text (case ignored), by e-mail, a page at a time',
      description:
        'At least 3 characters: never everyone. Names and e-mails only; `nextAfter` pages on. Not audited: ' +
        'opening a person’s subscriptions is.',
    }),
    handler: async (request) => searchCarers(app.db, request.query),
  });

  app.route({
    ...operationRoute(operations.getCarerSubscriptions, {
      tags,
      summary: 'A person’s subscriptions, free plans from Opora and payments in short',
      description: 'Audited (`subscription-viewed`).',
      failures: { 404: unknown },
    }),
    handler: async (request) =>
      viewCarerSubscriptions(app.db, requirePrincipal(request), request.params.userId),
  });

  app.route({
    ...operationRoute(operations.grantFreePlan, {
      tags,
      summary: 'Give the person Opora’s free plan, at once, with a reason, until a day or until revoked',
      description:
        'The person is e-mailed; audited. 409 `SubscriptionPaidPlanLive` while a paid plan is live (it ends ' +
        'first), 409 `FreePlanAlreadyGranted` with a free plan from Opora live.',
      failures: {
        400: ValidationProblemSchema,
        404: unknown,
        409: ProblemDetailsSchema.meta({
          description:
            'A paid plan or a free plan from Opora is live (`SubscriptionPaidPlanLive`, `FreePlanAlreadyGranted`).',
        }),
      },
    }),
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(await grantFreePlan(context(), requirePrincipal(request), request.params.userId, request.body)),
  });

  app.route({
    ...operationRoute(operations.revokeFreePlan, {
      tags,
      summary: 'Take the person’s free plan from Opora back, with a reason; it ends at once',
      description: 'The person is e-mailed; audited. 404 without a free plan from Opora live.',
      failures: { 400: ValidationProblemSchema, 404: unknown },
    }),
    handler: async (request) =>
      revokeFreePlan(context(), requirePrincipal(request), request.params.userId, request.body),
  });
};
