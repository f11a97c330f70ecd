import {
  ContactChangedProblemSchema,
  FacilityChangedProblemSchema,
  operations,
  ProblemDetailsSchema,
  ProviderChangedProblemSchema,
  ValidationProblemSchema,
} from '@opora/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../platform/auth.ts';
import { operationRoute } from '../platform/operation-route.ts';
import { resolveProviderScope } from '../platform/provider-scope.ts';
import { readFacilityDetail, readProviderProfile } from './provider-records.ts';
import { createProviderContact, deleteProviderContact, updateProviderContact } from './save-contact.ts';
import { createProviderFacility, updateProviderFacility } from './save-facility.ts';
import { saveProviderProfile } from './save-provider-profile.ts';

const tags = ['provider profile'];

const notFound = ProblemDetailsSchema.meta({
  description:
    'The caller is not a member of this provider, or the record is not this provider’s (`NotFoundException`).',
});
const notAllowed = ProblemDetailsSchema.meta({
  description:
    'A member of the provider whose roles there do not allow this change (`Forbidden`): administrators ' +
    'change everything, coordinators the contacts of facilities, workers read.',
});
const changed = (schema: typeof ProviderChangedProblemSchema | typeof FacilityChangedProblemSchema) =>
  schema.meta({
    description:
      'Someone saved the record after the caller read it (`RecordChangedByAnother`): nothing was written; ' +
      '`current` is the record as it now is, with its new `revision`.',
  });

/**
 * The provider's profile, facilities and contacts (SPEC §2 provider profile and facility detail,
 * issue 23 §2). Every route resolves the caller's scope in the provider first; another provider's
 * record answers 404. Every save names the revision it edited (decision 0099).
 */
export const providerProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  const scopeOf = (request: { params: { providerId: string } } & Parameters<typeof requirePrincipal>[0]) =>
    resolveProviderScope(app.db, requirePrincipal(request), request.params.providerId);

  app.route({
    ...operationRoute(operations.getProviderProfile, {
      tags,
      summary: 'The provider profile: details, facilities and the provider’s own contacts',
      description:
        'For every member of the provider; private contacts included (they never leave the provider). ' +
        '`access` says what the caller may change.',
      failures: { 404: notFound },
    }),
    handler: async (request) => readProviderProfile(app.db, await scopeOf(request)),
  });

  app.route({
    ...operationRoute(operations.updateProviderProfile, {
      tags,
      summary: 'Save the provider’s details (administrators)',
      description:
        'Every field of the provider but the IČO, with the `revision` they were edited from. Facilities ' +
        '“same as provider” take the new address at once.',
      failures: {
        400: ValidationProblemSchema,
        403: notAllowed,
        404: notFound,
        409: changed(ProviderChangedProblemSchema),
      },
    }),
    handler: async (request) => saveProviderProfile(app.db, await scopeOf(request), request.body),
  });

  app.route({
    ...operationRoute(operations.createProviderFacility, {
      tags,
      summary: 'Add a facility (administrators)',
      failures: { 400: ValidationProblemSchema, 403: notAllowed, 404: notFound },
    }),
    handler: async (request, reply) => {
      const facility = await createProviderFacility(app.db, await scopeOf(request), request.body);
      return reply.code(201).send(facility);
    },
  });

  app.route({
    ...operationRoute(operations.getProviderFacility, {
      tags,
      summary: 'A facility: its services, information and contacts',
      description:
        'For a facility “same as provider”, the address and contacts are the provider’s (shown from the ' +
        'provider, following its changes).',
      failures: { 404: notFound },
    }),
    handler: async (request) => readFacilityDetail(app.db, await scopeOf(request), request.params.facilityId),
  });

  app.route({
    ...operationRoute(operations.updateProviderFacility, {
      tags,
      summary: 'Save a facility’s information (administrators)',
      failures: {
        400: ValidationProblemSchema,
        403: notAllowed,
        404: notFound,
        409: changed(FacilityChangedProblemSchema),
      },
    }),
    handler: async (request) =>
      updateProviderFacility(app.db, await scopeOf(request), request.params.facilityId, request.body),
  });

  app.route({
    ...operationRoute(operations.createProviderContact, {
      tags,
      summary: 'Add a contact to the provider or to one of its facilities',
      description:
        'The provider’s own contacts: administrators; a facility’s: administrators and coordinators. A ' +
        'facility “same as provider” has the provider’s contacts (409 `Conflict`).',
      failures: {
        400: ValidationProblemSchema,
        403: notAllowed,
        404: notFound,
        409: ProblemDetailsSchema.meta({ description: 'The facility is “same as provider” (`Conflict`).' }),
      },
    }),
    handler: async (request, reply) => {
      const contact = await createProviderContact(app.db, await scopeOf(request), request.body);
      return reply.code(201).send(contact);
    },
  });

  app.route({
    ...operationRoute(operations.updateProviderContact, {
      tags,
      summary: 'Save a contact (the contact modal)',
      failures: {
        400: ValidationProblemSchema,
        403: notAllowed,
        404: notFound,
        409: ContactChangedProblemSchema.meta({
          description:
            'Someone saved the contact after the caller read it (`RecordChangedByAnother`); `current` is it now.',
        }),
      },
    }),
    handler: async (request) =>
      updateProviderContact(app.db, await scopeOf(request), request.params.contactId, request.body),
  });

  app.route({
    ...operationRoute(operations.deleteProviderContact, {
      tags,
      summary: 'Delete a contact, as the caller saw it',
      failures: {
        400: ValidationProblemSchema,
        403: notAllowed,
        404: notFound,
        409: ContactChangedProblemSchema.meta({
          description:
            'Someone changed the contact after the caller read it (`RecordChangedByAnother`): it is kept; ' +
            '`current` is it now.',
        }),
      },
    }),
    handler: async (request, reply) => {
      const scope = await scopeOf(request);
      await deleteProviderContact(app.db, scope, request.params.contactId, request.query.revision);
      return reply.code(204).send(null);
    },
  });
};
