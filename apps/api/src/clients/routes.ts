import { operations, ProblemDetailsSchema } from '@opora/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../platform/auth.ts';
import { operationRoute } from '../platform/operation-route.ts';
import { getClientServiceOffer } from './client-service-offer.ts';
import { createClient } from './create-client.ts';
import { getClient } from './get-client.ts';
import { listMyClients } from './list-my-clients.ts';
import { listRelationshipTypes } from './list-relationship-types.ts';
import { updateClient } from './update-client.ts';

const tags = ['clients'];
/** Reference data: changes only with a release, so caches may keep it an hour. */
const referenceCacheControl = 'public, max-age=3600';

/**
 * The people a carer looks after (SPEC §3 Client, My client) and their services pool: thin routes
 * over one use case each. Another user's client answers 404 `NotFoundException`, as a missing one.
 */
export const clientRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...operationRoute(operations.listRelationshipTypes, {
      tags: ['web'],
      summary: 'Relationships of the account holder to the client, named in the caller’s language',
      description: 'In their reference order; `self` is “I am the client”.',
    }),
    handler: async (request, reply) => {
      reply.header('cache-control', referenceCacheControl);
      return listRelationshipTypes(app.db, request.query.locale);
    },
  });

  app.route({
    ...operationRoute(operations.listMyClients, {
      tags,
      summary: 'The signed-in user’s clients with their request counts',
      description:
        'In the order they were entered. `region` is the region of permanent residence; the ' +
        'relationship is named in the user’s language; `activeServicesCount` counts accepted requests.',
    }),
    handler: async (request) => listMyClients(app.db, requirePrincipal(request).userId),
  });

  app.route({
    ...operationRoute(operations.createClient, {
      tags,
      summary: 'Enter a client, with the consent to process their health data',
      description:
        'One transaction: the client, the contact person and attending doctor, the health-data consent ' +
        '(who gave it, on whose behalf) and, with `caseId`, the case the client is entered for. A ' +
        'relationship or county that does not exist is a field error (`invalidOption`). Another user’s ' +
        'case answers 404; a case that has a client already 409 `Conflict`.',
      failures: {
        409: ProblemDetailsSchema.meta({ description: 'The case has a client already (`Conflict`).' }),
      },
    }),
    handler: async (request, reply) => {
      const client = await createClient(app.db, requirePrincipal(request).userId, request.body);
      return reply.code(201).send(client);
    },
  });

  app.route({
    ...operationRoute(operations.getClient, {
      tags,
      summary: 'One client of the signed-in user (birth number masked)',
    }),
    handler: async (request) => getClient(app.db, requirePrincipal(request).userId, request.params.clientId),
  });

  app.route({
    ...operationRoute(operations.updateClient, {
      tags,
      summary: 'Change a client’s details (the whole form)',
      description:
        '`birthNumber` left out or empty keeps the stored one — refused on `birthNumber` when a changed ' +
        'date of birth no longer matches it; `null` removes it. A contact person or attending doctor ' +
        'left out is removed.',
    }),
    handler: async (request) =>
      updateClient(app.db, requirePrincipal(request).userId, request.params.clientId, request.body),
  });

  app.route({
    ...operationRoute(operations.getClientServiceOffer, {
      tags,
      summary: 'A client’s services pool: needed types first, each part in the recommended order',
      description:
        '`area=county` (default): the county where care is provided, or its region when the county has ' +
        'no active services (`fallback`); `area=region`: the region of permanent residence. Services of ' +
        'the types the case survey asks for come first; each part in the catalogue’s `recommended` order ' +
        '(accepting new clients, then capacity unknown, then full; within each, verified ones first, then ' +
        'by name); sponsorship ' +
        'never moves a service. `reasons` says why each is listed. The case is `caseId` (the caller’s, ' +
        'of this client) or the client’s latest.',
      failures: {
        402: ProblemDetailsSchema.meta({
          description: 'The caller has no active subscription (`InsufficientSubscription`).',
        }),
        409: ProblemDetailsSchema.meta({ description: 'The client has no address (`Conflict`).' }),
      },
    }),
    handler: async (request) =>
      getClientServiceOffer(
        app.db,
        requirePrincipal(request).userId,
        request.params.clientId,
        request.query,
        app.clock(),
      ),
  });
};
