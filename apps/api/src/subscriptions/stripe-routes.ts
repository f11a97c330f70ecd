import { createErrorDetail, operations, ProblemDetailsSchema } from '@opora/contracts';
import { type Db, subscriptions } from '@opora/db';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { stripeSignatureHeader } from '../payments/stripe-gateway.ts';
import { FieldValidationError, NotFoundError } from '../platform/errors.ts';
import type { Jobs } from '../platform/jobs.ts';
import type { Mailer } from '../platform/mail.ts';
import { operationRoute } from '../platform/operation-route.ts';
import { isLive } from './active-subscription.ts';
import { applyCheckoutOutcome } from './checkouts.ts';
import { recordRenewalOutcome } from './renewals.ts';

interface StripeEventContext {
  db: Db;
  jobs: Pick<Jobs, 'send'>;
  mailer: Pick<Mailer, 'queue'>;
  publicUrl: string;
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/**
 * Applies one verified Stripe event, once (each outcome is recorded at most once whatever the order or
 * repetition: see `applyCheckoutOutcome` and `recordRenewalOutcome`). Answers whether it was of a kind
 * we act on; the rest are acknowledged and ignored.
 */
export async function applyStripeEvent(context: StripeEventContext, event: Stripe.Event): Promise<boolean> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      if (session.mode !== 'subscription') return false;
      // Paid by card at once; a bank transfer or the like completes later (async_payment_succeeded).
      if (session.payment_status === 'unpaid') return false;
      const subscription = idOf(session.subscription);
      if (subscription === null) return false;
      await applyCheckoutOutcome(context, 'stripe', session.id, {
        status: 'paid',
        chargeId: idOf(session.invoice) ?? session.id,
        subscriptionReference: subscription,
      });
      return true;
    }
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired': {
      const session = event.data.object;
      await applyCheckoutOutcome(context, 'stripe', session.id, {
        status: event.type === 'checkout.session.expired' ? 'cancelled' : 'failed',
      });
      return true;
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      // The first invoice is the checkout's (recorded with it); later ones are the renewals.
      if (invoice.billing_reason !== 'subscription_cycle') return false;
      const subscription = idOf(invoice.parent?.subscription_details?.subscription);
      if (subscription === null || invoice.id === undefined) return false;
      const periodEnd = invoice.lines.data[0]?.period.end;
      await recordRenewalOutcome(
        context,
        {
          gateway: 'stripe',
          gatewayReference: subscription,
          paidThrough: periodEnd === undefined ? undefined : new Date(periodEnd * 1000),
        },
        event.type === 'invoice.paid'
          ? { status: 'paid', chargeId: invoice.id }
          : { status: 'failed', reason: 'declined', chargeId: invoice.id },
      );
      return true;
    }
    case 'customer.subscription.deleted': {
      // Ended at Stripe (its retries gave up, or staff cancelled it there): nothing renews any more,
      // so it ends here at its period end, as a cancellation does.
      const subscription = event.data.object;
      await context.db
        .update(subscriptions)
        .set({ autoRenew: false, updatedAt: sql`now()` })
        .where(
          and(
            eq(subscriptions.gateway, 'stripe'),
            eq(subscriptions.gatewayReference, subscription.id),
            isLive,
          ),
        );
      return true;
    }
    default:
      return false;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The body as received, for Stripe's signature. */
    rawBuffer?: Buffer;
  }
}

/**
 * Stripe's webhook (`POST /api/v1/payments/stripe/events`): verified with the endpoint's signing
 * secret (`Stripe-Signature`, 5 minutes' tolerance) by Stripe's SDK, then applied once. Without
 * Stripe's keys configured the endpoint does not exist (404).
 */
export const stripeRoutes: FastifyPluginAsyncZod = async (app) => {
  // The signature covers the body's bytes as sent: keep them.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer' },
    (request: FastifyRequest, body: Buffer, done) => {
      request.rawBuffer = body;
      parseJson(request, body.toString('utf8'), done);
    },
  );

  app.route({
    ...operationRoute(operations.receiveStripeEvent, {
      tags: ['payments'],
      summary: 'Stripe’s signed webhook: checkout sessions, renewal invoices, subscriptions ended at Stripe',
      description:
        `Signed in \`${stripeSignatureHeader}\` with the endpoint's secret (STRIPE_WEBHOOK_SECRET); a ` +
        'repeated event changes nothing. 404 when Stripe is not configured.',
      failures: {
        404: ProblemDetailsSchema.meta({
          description: 'Stripe is not configured here (`NotFoundException`).',
        }),
      },
    }),
    handler: async (request, reply) => {
      const settings = app.config.payments.stripe;
      if (!app.stripe || !settings) throw new NotFoundError();
      const signature = request.headers[stripeSignatureHeader];
      let event: Stripe.Event;
      try {
        event = app.stripe.webhooks.constructEvent(
          request.rawBuffer ?? Buffer.alloc(0),
          typeof signature === 'string' ? signature : '',
          settings.webhookSecret,
        );
      } catch {
        throw new FieldValidationError([createErrorDetail(stripeSignatureHeader, 'invalidOption')]);
      }
      const applied = await applyStripeEvent(
        { db: app.db, jobs: app.jobs, mailer: app.mailer, publicUrl: app.config.publicUrl },
        event,
      );
      request.log.info({ stripeEventId: event.id, type: event.type, applied }, 'stripe event received');
      return reply.code(204).send(null);
    },
  });
};
