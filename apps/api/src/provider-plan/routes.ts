import { operations, ProblemDetailsSchema } from '@opora/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../platform/auth.ts';
import { operationRoute } from '../platform/operation-route.ts';
import { resolveProviderScope } from '../platform/provider-scope.ts';
import { createProviderPlanCheckout } from './pay-provider-plan.ts';
import { readProviderPlan } from './plan-view.ts';

const tags = ['provider plan'];

const notMember = ProblemDetailsSchema.meta({
  description:
    'The caller is not a member of this provider (`NotFoundException`), whatever their roles elsewhere.',
});

/**
 * The provider plan (decisions 0097, 0098): its state for every member of the provider, and the
 * administrator's checkout of the monthly payment — paid at the gateway as a carer's subscription is,
 * then renewed monthly by the same sweep.
 */
export const providerPlanRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...operationRoute(operations.getProviderPlan, {
      tags,
      summary: 'The provider’s plan: free months, monthly price with VAT, state, payments',
      description:
        '`state`: `trial` (free months), `active` (paid), `grace` (a failed renewal retried for 3 days, ' +
        'still listed), `unpaid` (services unlisted until it pays; requests and inbox unchanged). ' +
        '`canPay` for its administrators while no monthly payment is set up.',
      failures: { 404: notMember },
    }),
    handler: async (request) => {
      const scope = await resolveProviderScope(app.db, requirePrincipal(request), request.params.providerId);
      return readProviderPlan(app.db, scope);
    },
  });

  app.route({
    ...operationRoute(operations.createProviderPlanCheckout, {
      tags,
      summary: 'Set up the monthly payment: a checkout at the payment gateway',
      description:
        'The plan at today’s price in the provider’s currency (CZK in Czechia, EUR in Slovakia), VAT ' +
        'included; the browser goes to `redirectUrl` and comes back to the plan page. One open checkout ' +
        'per provider: a repeat answers it. Paid during the free months, the first paid month starts ' +
        'when they end.',
      failures: {
        403: ProblemDetailsSchema.meta({
          description: 'The caller is a member of the provider but not its administrator (`Forbidden`).',
        }),
        404: notMember,
        409: ProblemDetailsSchema.meta({
          description: 'The monthly payment is set up already (`Conflict`).',
        }),
        503: ProblemDetailsSchema.meta({
          description: 'The payment gateway could not be reached; try again.',
        }),
      },
    }),
    handler: async (request, reply) => {
      const scope = await resolveProviderScope(app.db, requirePrincipal(request), request.params.providerId);
      const checkout = await createProviderPlanCheckout(
        {
          db: app.db,
          gateways: app.paymentGateways,
          jobs: app.jobs,
          mailer: app.mailer,
          publicUrl: app.config.publicUrl,
        },
        scope,
      );
      return reply.code(201).send(checkout);
    },
  });
};
