import type { DbExecutor } from '@opora/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type Stripe from 'stripe';
import type { Config } from '../platform/config.ts';
import { backgroundWork, defineQueue, type Jobs } from '../platform/jobs.ts';
import { type GatewayName, type PaymentGateway, testGateway } from './gateway.ts';
import { stripeClient, stripeGateway } from './stripe-gateway.ts';

/**
 * The gateways this deployment can reach: `current` takes new checkouts (PAYMENT_GATEWAY); a
 * subscription keeps the gateway it was bought at (its `gateway` column), so switching gateways never
 * strands one.
 */
export class PaymentGateways {
  readonly current: PaymentGateway;
  readonly #all: readonly PaymentGateway[];

  constructor(current: PaymentGateway, others: readonly PaymentGateway[] = []) {
    this.current = current;
    this.#all = [current, ...others, testGateway];
  }

  /** The gateway of that name; a Stripe subscription with Stripe unconfigured is a configuration error. */
  named(name: string): PaymentGateway {
    const gateway = this.#all.find((candidate) => candidate.name === name);
    if (!gateway) throw new Error(`The payment gateway "${name}" is not configured here`);
    return gateway;
  }
}

/** The gateways of a configuration, and the Stripe client its webhook route verifies events with. */
export function paymentGatewaysOf(payments: Config['payments']): {
  gateways: PaymentGateways;
  stripe: Stripe | null;
} {
  const stripe = payments.stripe ? stripeClient(payments.stripe) : null;
  const stripeOne = stripe ? stripeGateway(stripe) : null;
  if (payments.gateway === 'stripe') {
    if (!stripeOne) throw new Error('PAYMENT_GATEWAY=stripe needs the Stripe keys');
    return { gateways: new PaymentGateways(stripeOne), stripe };
  }
  return { gateways: new PaymentGateways(testGateway, stripeOne ? [stripeOne] : []), stripe };
}

declare module 'fastify' {
  interface FastifyInstance {
    paymentGateways: PaymentGateways;
    /** Set when Stripe's keys are configured. */
    stripe: Stripe | null;
  }
}

export const paymentGatewaysPlugin = fp(
  async (app: FastifyInstance) => {
    const { gateways, stripe } = paymentGatewaysOf(app.config.payments);
    app.decorate('paymentGateways', gateways);
    app.decorate('stripe', stripe);
  },
  { name: 'payment-gateways', dependencies: ['config'] },
);

/** Stops a subscription's renewals at its gateway; retried until the gateway has taken it. */
export const stopRenewalsQueue = defineQueue<{
  gateway: GatewayName;
  gatewayReference: string;
  when: 'period-end' | 'now';
}>('stop-renewals', {
  retryLimit: 12,
  retryDelaySeconds: 30,
  retryDelayMaxSeconds: 3600,
  expireInSeconds: 120,
  concurrency: 2,
});

export const stopRenewals = backgroundWork(stopRenewalsQueue, async (app, job) => {
  await app.paymentGateways.named(job.gateway).stopRenewals(job.gatewayReference, job.when);
});

/**
 * Queues, in the caller's transaction, the stop of renewals at the gateway for a subscription ended
 * or cancelled here: the gateway is told after the commit, never while the transaction is open. The
 * test gateway and free plans need nothing told.
 */
export async function queueStopRenewals(
  jobs: Pick<Jobs, 'send'>,
  tx: DbExecutor,
  subscription: { gateway: string; gatewayReference: string | null },
  when: 'period-end' | 'now',
): Promise<void> {
  if (subscription.gateway !== 'stripe' || subscription.gatewayReference === null) return;
  await jobs.send(tx, stopRenewalsQueue, {
    gateway: 'stripe',
    gatewayReference: subscription.gatewayReference,
    when,
  });
}
