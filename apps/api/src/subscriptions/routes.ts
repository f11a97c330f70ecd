import { operations, ProblemDetailsSchema } from '@opora/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../platform/auth.ts';
import { operationRoute } from '../platform/operation-route.ts';
import { saveAssistantTask } from './assistant-tasks.ts';
import { createCheckout, getCheckout } from './checkouts.ts';
import { cancelCurrentSubscription } from './renewals.ts';
import { listSubscriptionTypes, readCurrentSubscription } from './subscription-views.ts';

const tags = ['subscriptions'];

/**
 * Subscriptions (SPEC §1, §4): the plans, the caller's subscription and its one-click cancellation,
 * checkouts at the payment gateway, and the with-assistant variant's hand-over to the assistants.
 */
export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = () => ({
    db: app.db,
    gateways: app.paymentGateways,
    jobs: app.jobs,
    mailer: app.mailer,
    publicUrl: app.config.publicUrl,
  });

  app.route({
    ...operationRoute(operations.listSubscriptionTypes, {
      tags,
      summary: 'The plans on offer with their monthly price including VAT',
      description: 'Crowns by default; `currency=EUR` for Slovakia. `free` is listed only while offered.',
    }),
    handler: async (request) => listSubscriptionTypes(app.db, request.query.currency),
  });

  app.route({
    ...operationRoute(operations.getCurrentSubscription, {
      tags,
      summary: 'The signed-in user’s live subscription with its renewal or end date, or null',
    }),
    handler: async (request) => ({
      subscription: await readCurrentSubscription(app.db, requirePrincipal(request).userId),
    }),
  });

  app.route({
    ...operationRoute(operations.cancelCurrentSubscription, {
      tags,
      summary: 'Cancel the subscription: nothing more is charged; it lasts to the end of the paid month',
      description: 'One click, free, confirmed by e-mail. Repeating it changes nothing. 404 without one.',
      failures: {
        404: ProblemDetailsSchema.meta({ description: 'No live subscription (`NotFoundException`).' }),
      },
    }),
    handler: async (request) => cancelCurrentSubscription(context(), requirePrincipal(request).userId),
  });

  app.route({
    ...operationRoute(operations.createCheckout, {
      tags,
      summary: 'Start paying for a plan: the gateway page to send the browser to',
      description:
        'One open checkout per user: a repeat answers it. A free plan starts at once (`status` paid, ' +
        '`redirectUrl` the return path). 409 with a live subscription.',
      failures: {
        404: ProblemDetailsSchema.meta({
          description: 'The case is not the caller’s (`NotFoundException`).',
        }),
        409: ProblemDetailsSchema.meta({ description: 'A live subscription already (`Conflict`).' }),
      },
    }),
    handler: async (request, reply) => {
      const checkout = await createCheckout(context(), requirePrincipal(request).userId, request.body);
      return reply.code(201).send(checkout);
    },
  });

  app.route({
    ...operationRoute(operations.getCheckout, {
      tags,
      summary: 'One of the signed-in user’s checkouts (the return page polls it until it is decided)',
    }),
    handler: async (request) =>
      getCheckout(app.db, requirePrincipal(request).userId, request.params.checkoutId),
  });

  app.route({
    ...operationRoute(operations.saveAssistantTask, {
      tags,
      summary: 'Hand the case to an assistant: how and when to contact the user',
      description:
        'Needs a with-assistant subscription (402 `InsufficientSubscription`) and `assistantConsent` (the ' +
        'assistants may see the client’s record and send requests for them). One open task per case; the first ' +
        'contact is due one working day later.',
      failures: {
        402: ProblemDetailsSchema.meta({
          description: 'No with-assistant subscription (`InsufficientSubscription`).',
        }),
      },
    }),
    handler: async (request) =>
      saveAssistantTask(
        app.db,
        requirePrincipal(request).userId,
        request.params.caseId,
        request.body,
        app.clock(),
      ),
  });
};
