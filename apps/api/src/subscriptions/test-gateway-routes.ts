import { createErrorDetail, operations, type TestGatewayEvent } from '@opora/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  signTestGatewayEvent,
  testGatewayEvent,
  testGatewayId,
  testGatewaySignatureHeader,
  testSubscriptionReference,
  verifyTestGatewaySignature,
} from '../payments/gateway.ts';
import { FieldValidationError, NotFoundError } from '../platform/errors.ts';
import { escapeHtml } from '../platform/html.ts';
import { backgroundWork, defineQueue } from '../platform/jobs.ts';
import { operationRoute } from '../platform/operation-route.ts';
import { applyCheckoutOutcome, findCheckoutByReference } from './checkouts.ts';
import { recordRenewalOutcome } from './renewals.ts';
import { formatPrice, returnUrlOf } from './subscription-views.ts';

/** The test gateway's callback, sent by a job: retried until our API answers (as a real gateway would). */
export const testGatewayDeliveryQueue = defineQueue<{ event: TestGatewayEvent }>('test-gateway-delivery', {
  retryLimit: 8,
  retryDelaySeconds: 2,
  retryDelayMaxSeconds: 300,
  expireInSeconds: 60,
  concurrency: 4,
});

/** POSTs the signed event to our own callback, over HTTP, like the gateway would from outside. */
export const testGatewayDelivery = backgroundWork(testGatewayDeliveryQueue, async (app, { event }) => {
  const body = JSON.stringify(event);
  const response = await fetch(`${app.config.publicUrl}/api/v1/payments/test-gateway/events`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [testGatewaySignatureHeader]: signTestGatewayEvent(app.config.payments.testGatewaySecret, body),
    },
    body,
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`The test gateway's callback was answered ${response.status}`);
});

declare module 'fastify' {
  interface FastifyRequest {
    /** The JSON body as received, for signature checks. */
    rawBody?: string;
  }
}

const outcomeLabels = {
  success: 'Zaplatit (obnovení projdou) · Pay (renewals succeed)',
  'success-renewals-fail': 'Zaplatit, obnovení selžou · Pay, renewals will fail',
  failure: 'Platba zamítnuta · Payment declined',
  cancel: 'Zpět do Opory · Back to Opora',
} as const;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="cs">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>
body{margin:0;font-family:system-ui,Arial,sans-serif;font-size:18px;line-height:1.5;background:#f1f3f5;color:#1f2933}
main{max-width:34rem;margin:2rem auto;background:#fff;border-radius:8px;padding:2rem}
h1{font-size:1.5rem;margin-top:0}.amount{font-size:2rem;font-weight:700}
button,a.button{display:block;width:100%;box-sizing:border-box;margin:.75rem 0;padding:.9rem 1rem;font-size:1.05rem;border-radius:6px;border:2px solid #0e6e73;background:#fff;color:#0e6e73;cursor:pointer;text-align:center;text-decoration:none}
button.primary{background:#0e6e73;color:#fff}button:focus-visible,a:focus-visible{outline:3px solid #f59f00;outline-offset:2px}
.note{font-size:.95rem;color:#52606d}
</style></head>
<body><main>${body}</main></body></html>
`;
}

function html(reply: FastifyReply, markup: string) {
  return reply
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'")
    .type('text/html; charset=utf-8')
    .send(markup);
}

/**
 * The embedded test gateway (PAYMENT_GATEWAY=test): a payment page on our own origin where the tester
 * chooses the outcome, and the signed callback the gateway then sends us. Stands in for a real
 * gateway's hosted page and webhook; nothing here takes money.
 */
export const testGatewayRoutes: FastifyPluginAsyncZod = async (app) => {
  // In production with a real gateway, the test gateway (whose development secret is published)
  // does not exist.
  const disabled = app.config.nodeEnv === 'production' && app.config.payments.gateway !== 'test';
  app.addHook('onRequest', async () => {
    if (disabled) throw new NotFoundError();
  });
  // The page's form posts application/x-www-form-urlencoded.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  // The callback's signature covers the body as sent: keep it.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    (request: FastifyRequest, body, done) => {
      request.rawBody = String(body);
      parseJson(request, String(body), done);
    },
  );

  app.route({
    ...operationRoute(operations.viewTestGatewayCheckout, {
      tags: ['test gateway'],
      summary: 'The test gateway’s payment page (HTML): choose success, failure or cancel',
      config: { html: true },
    }),
    handler: async (request, reply) => {
      const checkout = await findCheckoutByReference(app.db, 'test', request.params.reference);
      if (checkout?.status !== 'open') {
        const back = checkout
          ? `<a class="button" href="${escapeHtml(returnUrlOf(checkout))}">Zpět do Opory · Back to Opora</a>`
          : '';
        return html(
          reply,
          page(
            'Testovací platební brána',
            `<h1>Tato platba už není otevřená · This payment is no longer open</h1>${back}`,
          ),
        );
      }
      const buttons = (Object.keys(outcomeLabels) as (keyof typeof outcomeLabels)[])
        .map(
          (outcome, index) =>
            `<button type="submit" name="outcome" value="${outcome}"${index === 0 ? ' class="primary"' : ''}>${escapeHtml(outcomeLabels[outcome])}</button>`,
        )
        .join('\n');
      return html(
        reply,
        page(
          'Testovací platební brána · Test payment gateway',
          `<h1>Testovací platební brána · Test payment gateway</h1>
<p class="note">Žádné peníze se nestrhnou. Vyberte, jak má platba dopadnout. · No money is taken. Choose how the payment turns out.</p>
<p>Opora – měsíční předplatné · monthly subscription</p>
<p class="amount">${escapeHtml(formatPrice({ amountMinor: checkout.amountMinor, currency: checkout.currency }, 'cs'))}</p>
<p class="note">včetně ${checkout.vatRatePercent} % DPH · incl. ${checkout.vatRatePercent} % VAT</p>
<form method="post" action="/api/v1/test-gateway/checkouts/${escapeHtml(request.params.reference)}">
${buttons}
</form>`,
        ),
      );
    },
  });

  app.route({
    ...operationRoute(operations.completeTestGatewayCheckout, {
      tags: ['test gateway'],
      summary: 'The tester’s choice on the test gateway’s page; the gateway then calls Opora back, signed',
      config: { html: true },
    }),
    handler: async (request, reply) => {
      const checkout = await findCheckoutByReference(app.db, 'test', request.params.reference);
      if (checkout && checkout.status === 'open') {
        const { outcome } = request.body;
        const event =
          outcome === 'failure'
            ? testGatewayEvent('checkout.failed', request.params.reference)
            : outcome === 'cancel'
              ? testGatewayEvent('checkout.cancelled', request.params.reference)
              : testGatewayEvent('checkout.paid', request.params.reference, {
                  chargeId:
                    outcome === 'success-renewals-fail'
                      ? `${testGatewayId('tgwch')}_fail`
                      : testGatewayId('tgwch'),
                });
        await app.jobs.send(app.db, testGatewayDeliveryQueue, { event });
      }
      const back = checkout ? returnUrlOf(checkout) : '/';
      return html(
        reply,
        page(
          'Testovací platební brána',
          `<h1>Hotovo · Done</h1><p>Vracíme vás do Opory… · Taking you back to Opora…</p>
<a class="button" href="${escapeHtml(back)}">Pokračovat · Continue</a>`,
        ).replace(
          '<meta name="robots"',
          `<meta http-equiv="refresh" content="1;url=${escapeHtml(back)}"><meta name="robots"`,
        ),
      );
    },
  });

  app.route({
    ...operationRoute(operations.receiveTestGatewayEvent, {
      tags: ['test gateway'],
      summary: 'The test gateway’s signed callback: a checkout’s or a renewal’s outcome',
      description: `Signed in \`${testGatewaySignatureHeader}\` (HMAC-SHA256, \`t=…,v1=…\`, 5 minutes’ tolerance); a repeated event changes nothing.`,
    }),
    handler: async (request, reply) => {
      const signature = request.headers[testGatewaySignatureHeader];
      if (
        !verifyTestGatewaySignature(
          app.config.payments.testGatewaySecret,
          request.rawBody ?? '',
          typeof signature === 'string' ? signature : undefined,
        )
      ) {
        throw new FieldValidationError([createErrorDetail(testGatewaySignatureHeader, 'invalidOption')]);
      }
      const event = request.body;
      const context = { db: app.db, jobs: app.jobs, mailer: app.mailer, publicUrl: app.config.publicUrl };
      if (event.type === 'checkout.paid') {
        await applyCheckoutOutcome(context, 'test', event.reference, {
          status: 'paid',
          chargeId: event.chargeId ?? event.id,
          subscriptionReference: testSubscriptionReference(
            event.chargeId?.endsWith('_fail') ? 'renewals-fail' : 'renewals-succeed',
          ),
        });
      } else if (event.type === 'checkout.failed' || event.type === 'checkout.cancelled') {
        await applyCheckoutOutcome(context, 'test', event.reference, {
          status: event.type === 'checkout.failed' ? 'failed' : 'cancelled',
        });
      } else {
        // A renewal the gateway charged on its own (the sweep charges the test gateway's itself; a
        // gateway that renews by itself reports this way), for the subscription's reference there.
        const recorded = await recordRenewalOutcome(
          context,
          {
            gateway: 'test',
            gatewayReference: event.reference,
            paidThrough: event.periodEnd === undefined ? undefined : new Date(event.periodEnd),
          },
          event.type === 'renewal.paid'
            ? { status: 'paid', chargeId: event.chargeId ?? event.id }
            : { status: 'failed', reason: 'declined', chargeId: event.chargeId ?? event.id },
        );
        // Usually a repeat; a charge for a subscription that has ended here is for staff to refund.
        if (!recorded && event.type === 'renewal.paid') {
          request.log.warn({ eventId: event.id, chargeId: event.chargeId }, 'renewal payment not recorded');
        }
      }
      return reply.code(204).send(null);
    },
  });
};
