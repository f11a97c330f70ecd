import { operations, ProblemDetailsSchema, ValidationProblemSchema } from '@opora/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../platform/auth.ts';
import { operationRoute } from '../platform/operation-route.ts';
import { assignSupportMessage, closeSupportMessage, replySupportMessage } from './support-actions.ts';
import { listSupportMessages, readSupportMessage } from './support-records.ts';

const tags = ['platform staff'];
const unknown = ProblemDetailsSchema.meta({ description: 'No such message (`NotFoundException`).' });
const closed = ProblemDetailsSchema.meta({ description: 'The message is closed (`SupportMessageClosed`).' });

/** The support inbox (issue 25 §4, decision 0124), for platform administrators. */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...operationRoute(operations.listSupportMessages, {
      tags,
      summary: 'Contact-form messages, oldest first',
      description:
        '`status=active` (the default): open, assigned and answered ones; or one status. With each status’s count.',
    }),
    handler: async (request) => listSupportMessages(app.db, requirePrincipal(request).userId, request.query),
  });

  app.route({
    ...operationRoute(operations.getSupportMessage, {
      tags,
      summary: 'A message with its replies',
      failures: { 404: unknown },
    }),
    handler: async (request) =>
      readSupportMessage(app.db, requirePrincipal(request).userId, request.params.messageId),
  });

  app.route({
    ...operationRoute(operations.assignSupportMessage, {
      tags,
      summary: 'Take a message',
      description: 'From whoever had it; an open message becomes `assigned`. Audited.',
      failures: { 404: unknown, 409: closed },
    }),
    handler: async (request) =>
      assignSupportMessage(app.db, requirePrincipal(request), request.params.messageId, app.clock()),
  });

  app.route({
    ...operationRoute(operations.replySupportMessage, {
      tags,
      summary: 'Answer a message by e-mail',
      description:
        'To the sender, in `locale`, quoting their message; the message becomes `answered`. Audited; the text is ' +
        'never logged.',
      failures: { 400: ValidationProblemSchema, 404: unknown, 409: closed },
    }),
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(
          await replySupportMessage(
            { db: app.db, mailer: app.mailer, config: app.config },
            requirePrincipal(request),
            request.params.messageId,
            request.body,
            app.clock(),
          ),
        ),
  });

  app.route({
    ...operationRoute(operations.closeSupportMessage, {
      tags,
      summary: 'Close a message',
      description:
        'Closing a closed message changes nothing. A closed message is deleted a year later. Audited.',
      failures: { 404: unknown },
    }),
    handler: async (request) =>
      closeSupportMessage(app.db, requirePrincipal(request), request.params.messageId, app.clock()),
  });
};
