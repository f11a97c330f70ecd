import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Currency, Locale, TestGatewayEvent } from '@opora/contracts';

/**
 * What Opora needs of a payment gateway. A checkout session is where the person pays (the gateway's
 * page); its outcome reaches us as a signed event. Renewals are charged by the sweep through
 * `chargeRenewal` — a gateway that renews on its own (Stripe Billing) answers `reported` and reports
 * the outcome as an event instead. Every method may call the gateway over the network: never inside a
 * database transaction.
 */
export interface PaymentGateway {
  readonly name: GatewayName;
  /**
   * Opens the checkout session where the person pays (the gateway's page). Asked again for the same
   * checkout, the gateway answers the same session (the checkout id is its idempotency key).
   */
  createCheckout(checkout: CheckoutSessionRequest): Promise<{ reference: string; redirectUrl: string }>;
  /**
   * Charges the renewal of the period ending `periodEnd`; asked again for the same subscription and
   * period, the gateway charges once (the pair is its idempotency key).
   */
  chargeRenewal(subscription: { gatewayReference: string | null; periodEnd: Date }): Promise<RenewalCharge>;
  /**
   * Stops renewing a subscription at the gateway: at its period end (a cancellation; the paid month is
   * used up) or now (the account is deleted). Asked again, nothing more happens.
   */
  stopRenewals(gatewayReference: string, when: 'period-end' | 'now'): Promise<void>;
}

export type GatewayName = 'test' | 'stripe';

/** What a checkout session is opened with. */
export interface CheckoutSessionRequest {
  checkoutId: string;
  amountMinor: number;
  currency: Currency;
  vatRatePercent: number;
  /** The plan's name in the payer's language, shown on the gateway's page and receipt. */
  planName: string;
  locale: Locale;
  customerEmail: string | null;
  /** Where the gateway sends the browser back (absolute URLs). */
  returnUrl: string;
}

export type RenewalCharge =
  | { status: 'paid'; chargeId: string }
  | { status: 'failed'; reason: string }
  | { status: 'reported' };

/** How the tester paid on the test gateway's page: renewals succeed, or were chosen to fail. */
export type TestGatewayOutcomeMemo = 'renewals-succeed' | 'renewals-fail';

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/** A new test-gateway id with its prefix (`tgw_…`, `tgwevt_…`, `tgwch_…`). */
export function testGatewayId(prefix: 'tgw' | 'tgwevt' | 'tgwch' | 'tgwsub' | 'tgwsubfail'): string {
  return `${prefix}_${hex(16)}`;
}

/**
 * The embedded test gateway: its payment page is served by the API itself
 * (`/api/v1/test-gateway/checkouts/{reference}`), the tester picks the outcome, and the gateway calls
 * us back with a signed event like a real one. Renewals succeed unless the tester paid with "renewals
 * will fail" — remembered in the subscription's reference, as a test card would be.
 */
export const testGateway = {
  name: 'test',
  async createCheckout(checkout) {
    // Derived from the checkout: asked twice, the same session (as an idempotency key does at Stripe).
    const reference = `tgw_${createHash('sha256').update(checkout.checkoutId).digest('hex').slice(0, 32)}`;
    return { reference, redirectUrl: `/api/v1/test-gateway/checkouts/${reference}` };
  },
  async chargeRenewal(subscription) {
    if (subscription.gatewayReference?.startsWith('tgwsubfail_')) {
      return { status: 'failed', reason: 'card_declined' };
    }
    // One charge per subscription and period, however often it is asked for (an idempotency key).
    const key = `${subscription.gatewayReference ?? ''}:${subscription.periodEnd.toISOString()}`;
    return {
      status: 'paid',
      chargeId: `tgwch_${createHash('sha256').update(key).digest('hex').slice(0, 32)}`,
    };
  },
  // The sweep charges test subscriptions itself and stops once they are cancelled: nothing to tell.
  async stopRenewals() {},
} as const satisfies PaymentGateway;

/** The test gateway's reference of a subscription started by a paid checkout (its "card on file"). */
export function testSubscriptionReference(memo: TestGatewayOutcomeMemo): string {
  return testGatewayId(memo === 'renewals-fail' ? 'tgwsubfail' : 'tgwsub');
}

export const testGatewaySignatureHeader = 'x-test-gateway-signature';
/** A signed event older (or newer) than this is refused: a captured callback cannot be replayed later. */
export const signatureToleranceSeconds = 300;

function hmac(secret: string, timestamp: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, as Stripe signs its webhooks. */
export function signTestGatewayEvent(secret: string, rawBody: string, now = new Date()): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `t=${timestamp},v1=${hmac(secret, timestamp, rawBody)}`;
}

/** Whether the header signs this raw body with the secret, within the tolerance. */
export function verifyTestGatewaySignature(
  secret: string,
  rawBody: string,
  header: string | undefined,
  now = new Date(),
): boolean {
  if (header === undefined) return false;
  const parts = new Map(
    header.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const timestamp = Number(parts.get('t'));
  const signature = parts.get('v1') ?? '';
  if (!Number.isSafeInteger(timestamp) || !/^[0-9a-f]{64}$/.test(signature)) return false;
  if (Math.abs(now.getTime() / 1000 - timestamp) > signatureToleranceSeconds) return false;
  const expected = Buffer.from(hmac(secret, timestamp, rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

/** An event of the test gateway, as it sends it. */
export function testGatewayEvent(
  type: TestGatewayEvent['type'],
  reference: string,
  extra: Pick<TestGatewayEvent, 'chargeId' | 'periodEnd'> = {},
): TestGatewayEvent {
  return {
    id: testGatewayId('tgwevt'),
    type,
    reference,
    ...extra,
    created: Math.floor(Date.now() / 1000),
  };
}
