import { type OperationId, operations } from '@opora/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromLoopback } from '../platform/loopback.ts';
import { operationRoute } from '../platform/operation-route.ts';
import { listDevMail } from './list-messages.ts';
import { mailboxPage } from './mailbox-page.ts';

/** The mailbox exists only while e-mail goes to the outbox, and never in production. */
export function devMailEnabled(app: { config: { nodeEnv: string }; mailer: { transport: string } }): boolean {
  return app.config.nodeEnv !== 'production' && app.mailer.transport === 'outbox';
}

/**
 * `GET /api/v1/dev/mail` (JSON) and `GET /dev/mail` (a page): the e-mails of the outbox transport,
 * so people and tests follow confirmation and reset links without a mail server. Registered under
 * no prefix; nothing is registered (both answer 404) when the mailbox is not enabled.
 *
 * The mailbox holds every reset and confirmation link: it answers this machine only. Callers over
 * the network get the 404 of a route that does not exist, whatever HOST the server listens on.
 */
export const devMailRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!devMailEnabled(app)) return;

  app.addHook('onRequest', (request, reply, done) => {
    if (fromLoopback(request)) done();
    else reply.callNotFound();
  });

  app.route({
    ...operationRoute(operations.listDevMail, {
      tags: ['development'],
      summary: 'E-mails of the development outbox, newest first (outside production, without SMTP_URL)',
    }),
    handler: async () => {
      return listDevMail(app.db);
    },
  });

  app.get(
    '/dev/mail',
    { schema: { operationId: 'viewDevMail' satisfies OperationId, hide: true } },
    async (_request, reply) => {
      const messages = await listDevMail(app.db);
      return reply.type('text/html; charset=utf-8').send(mailboxPage(messages));
    },
  );
};
