import {
  operations,
  PossibleDuplicateProblemSchema,
  ProblemDetailsSchema,
  ValidationProblemSchema,
} from '@opora/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../platform/auth.ts';
import { operationRoute } from '../platform/operation-route.ts';
import { resolveProviderScope } from '../platform/provider-scope.ts';
import { readProviderClientRecord } from './client-record.ts';
import { createProviderClientRequest } from './create-client-request.ts';
import { createProviderClient } from './create-provider-client.ts';

const tags = ['provider clients'];

const notMember = ProblemDetailsSchema.meta({
  description:
    'The caller is not a member of this provider (`NotFoundException`), whatever their roles elsewhere.',
});
const notInSight = ProblemDetailsSchema.meta({
  description:
    'The caller is not a member of this provider, or no request of this client at the provider is in their ' +
    'scope — another provider’s client, a carer’s client who never asked this provider, or for a worker one ' +
    'of another facility (`NotFoundException`).',
});
const notOwnInSight = ProblemDetailsSchema.meta({
  description:
    'As for reading the record, and also a carer’s client: only a client the provider entered itself gets ' +
    'requests entered for them (`NotFoundException`).',
});
const duplicateOrRequested = PossibleDuplicateProblemSchema.partial({ candidates: true }).meta({
  description:
    'People of the provider who may be the same person, as `candidates` (`PossibleDuplicateClient`; send ' +
    '`allowDuplicate` to save a new person anyway).',
});
const alreadyRequested = ProblemDetailsSchema.meta({
  description: 'The client has a live request for this service already (`FacilityServiceAlreadyRequested`).',
});

/**
 * A provider's own clients and its record of care (issue 24 §2): people who phoned, walked in, wrote
 * or were referred, entered with a request on one of the provider's services, and the card listing
 * every request of a client at the provider. Any of the provider's roles; a worker within their
 * facilities (the services they may enter requests for, the clients whose requests they see).
 */
export const providerClientRoutes: FastifyPluginAsyncZod = async (app) => {
  const scopeOf = (request: Parameters<typeof requirePrincipal>[0], providerId: string) =>
    resolveProviderScope(app.db, requirePrincipal(request), providerId);

  app.route({
    ...operationRoute(operations.createProviderClient, {
      tags,
      summary: 'Enter a client of the provider’s own with a first request',
      description:
        'The client form carers use (without the relationship), the client’s consent to the provider keeping ' +
        'their record, and a request on one of the provider’s active services (a worker: of their facilities) ' +
        'with its source. 400 `invalidOption` on `request.facilityServiceId` for any other service. No e-mail ' +
        'is sent: nobody but the provider is involved.',
      failures: { 400: ValidationProblemSchema, 404: notMember, 409: duplicateOrRequested },
    }),
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(
          await createProviderClient(app.db, await scopeOf(request, request.params.providerId), request.body),
        ),
  });

  app.route({
    ...operationRoute(operations.getProviderClient, {
      tags,
      summary: 'The record of care of a client at the provider',
      description:
        'The client as the provider’s request detail shows them, whether the provider entered them (with the ' +
        'consent it recorded), and every request of theirs at the provider in the caller’s scope, oldest ' +
        'first: source, status, service, facility, message, internal note, outcome, who sent or entered it.',
      failures: { 404: notInSight },
    }),
    handler: async (request) =>
      readProviderClientRecord(
        app.db,
        await scopeOf(request, request.params.providerId),
        request.params.clientId,
      ),
  });

  app.route({
    ...operationRoute(operations.createProviderClientRequest, {
      tags,
      summary: 'Enter another request for a client of the provider’s own',
      description:
        'A request on one of the provider’s active services (a worker: of their facilities), in the client’s ' +
        'case, with its source. 400 `invalidOption` on `facilityServiceId` for any other service.',
      failures: { 400: ValidationProblemSchema, 404: notOwnInSight, 409: alreadyRequested },
    }),
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(
          await createProviderClientRequest(
            app.db,
            await scopeOf(request, request.params.providerId),
            request.params.clientId,
            request.body,
          ),
        ),
  });
};
