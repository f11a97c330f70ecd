import { operations } from '@opora/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../platform/auth.ts';
import { operationRoute } from '../platform/operation-route.ts';
import { createClientCase, listClientCases } from './client-cases.ts';
import { createCase } from './create-case.ts';
import { getCase } from './get-case.ts';
import { renameCase } from './rename-case.ts';

const tags = ['cases'];

/**
 * A carer's cases (SPEC §3 Case): thin routes over one use case each. Another user's case or client
 * answers 404 `NotFoundException`, exactly as a missing one.
 */
export const caseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...operationRoute(operations.createCase, {
      tags,
      summary: 'Open a case for the signed-in user (before its client is entered)',
      description:
        'SPEC §2 redirect after registration: `date` today, `fcServiceLevel` 1, a placeholder `name`. ' +
        'The `code` (`OP-000123`) is assigned here. With `creationKey` the call is idempotent: the same ' +
        'key answers the case it opened first.',
    }),
    handler: async (request) => createCase(app.db, requirePrincipal(request).userId, request.body),
  });

  app.route({
    ...operationRoute(operations.getCase, {
      tags,
      summary: 'One case of the signed-in user with its client, requests and questionnaire states',
    }),
    handler: async (request) => getCase(app.db, requirePrincipal(request).userId, request.params.caseId),
  });

  app.route({
    ...operationRoute(operations.renameCase, {
      tags,
      summary: 'Rename a case of the signed-in user',
    }),
    handler: async (request) =>
      renameCase(app.db, requirePrincipal(request).userId, request.params.caseId, request.body),
  });

  app.route({
    ...operationRoute(operations.listClientCases, {
      tags,
      summary: 'The cases of one of the signed-in user’s clients, newest first',
    }),
    handler: async (request) =>
      listClientCases(app.db, requirePrincipal(request).userId, request.params.clientId),
  });

  app.route({
    ...operationRoute(operations.createClientCase, {
      tags,
      summary: 'Open a new case for one of the signed-in user’s clients',
      description:
        'The new-case wizard: a new need of a client already entered. With `creationKey` the call is ' +
        'idempotent: the same key answers the case it opened first (409 when used for another client).',
    }),
    handler: async (request, reply) => {
      const created = await createClientCase(
        app.db,
        requirePrincipal(request).userId,
        request.params.clientId,
        request.body,
      );
      return reply.code(201).send(created);
    },
  });
};
