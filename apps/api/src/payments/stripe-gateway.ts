import Stripe from 'stripe';
import type { PaymentGateway } from './gateway.ts';

/** The header in which Stripe signs its webhook events. */
export const stripeSignatureHeader = 'stripe-signature';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Another API address (stripe-mock in tests); Stripe's own when unset. */
  apiUrl?: string | undefined;
}

/** A Stripe client for the settings: Stripe's API, or another address such as stripe-mock's. */
export function stripeClient(settings: StripeSettings): Stripe {
  const api = settings.apiUrl === undefined ? undefined : new URL(settings.apiUrl);
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api && {
      host: api.hostname,
      port: api.port || (api.protocol === 'https:' ? 443 : 80),
      protocol: api.protocol === 'https:' ? 'https' : 'http',
    }),
  });
}

/**
 * Stripe Billing: a Checkout Session in subscription mode opens a monthly subscription at the plan's
 * price (VAT included: `tax_behavior: inclusive`); Stripe then renews, retries failed payments and
 * reports each outcome by webhook (`subscriptions/stripe-routes.ts`), so `chargeRenewal` leaves
 * renewals to it.
 */
export function stripeGateway(stripe: Stripe): PaymentGateway {
  return {
    name: 'stripe',
    async createCheckout(checkout) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          client_reference_id: checkout.checkoutId,
          ...(checkout.customerEmail !== null && { customer_email: checkout.customerEmail }),
          locale: checkout.locale,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: checkout.currency.toLowerCase(),
                unit_amount: checkout.amountMinor,
                tax_behavior: 'inclusive',
                recurring: { interval: 'month' },
                product_data: { name: checkout.planName },
              },
            },
          ],
          success_url: checkout.returnUrl,
          cancel_url: checkout.returnUrl,
          metadata: { checkoutId: checkout.checkoutId },
          subscription_data: { metadata: { checkoutId: checkout.checkoutId } },
        },
        // The same checkout asked twice (a retry after a timeout) gets the same session.
        { idempotencyKey: `opora-checkout-${checkout.checkoutId}` },
      );
      if (!session.url) throw new Error('Stripe opened a checkout session without a payment page');
      return { reference: session.id, redirectUrl: session.url };
    },
    async chargeRenewal() {
      return { status: 'reported' };
    },
    async stopRenewals(gatewayReference, when) {
      try {
        if (when === 'now') await stripe.subscriptions.cancel(gatewayReference);
        else await stripe.subscriptions.update(gatewayReference, { cancel_at_period_end: true });
      } catch (error) {
        // Already cancelled at Stripe (by staff, or by an earlier attempt): the wish is fulfilled.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing')
          return;
        throw error;
      }
    },
  };
}
