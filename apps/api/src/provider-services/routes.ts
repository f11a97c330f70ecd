import {
  operations,
  ProblemDetailsSchema,
  ProviderServiceSchema,
  ValidationProblemSchema,
} from '@opora/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { previewService } from '../catalogue/get-service.ts';
import { requirePrincipal } from '../platform/auth.ts';
import { operationRoute } from '../platform/operation-route.ts';
import { saveConfirmingListing } from '../provider-listing/confirm-listing.ts';
import { changeServiceStatus } from './change-service-status.ts';
import { listProviderServices, readProviderService } from './provider-service-rows.ts';
import { createProviderService, updateProviderService } from './save-provider-service.ts';
import { serviceScope } from './service-access.ts';
import {
  createProviderSurveyDefinition,
  deleteProviderSurveyDefinition,
  readServiceSurveys,
  saveServiceSurveys,
} from './service-surveys.ts';

const tags = ['provider services'];

const notFound = ProblemDetailsSchema.meta({
  description:
    'The caller is not a member of this provider, or the record is another provider’s or does not exist (`NotFoundException`).',
});
const notManager = ProblemDetailsSchema.meta({
  description: 'The caller is only a worker of this provider: workers read services (`Forbidden`).',
});
const serviceConflict = ValidationProblemSchema.partial({ identifier: true, errors: true })
  .extend({
    current: ProviderServiceSchema.optional().meta({ description: 'With `RecordChangedByAnother` only.' }),
  })
  .meta({
    description:
      'Someone saved the service since the caller read it (`RecordChangedByAnother`, `current` is the service ' +
      'now), the status cannot move that way (`ServiceStatusChangeNotAllowed`) or activation lacks something ' +
      '(`ServiceIncomplete`, `errors` names each missing field).',
  });

/**
 * The provider's services (issue 23 §3, decision 0101) and its own questionnaires. Every route resolves
 * the caller's membership of the path's provider first (404 otherwise); writes need an administrator
 * or coordinator there. A change to a service the catalogue shows clears the catalogue's answers, so
 * the next guest sees it. Every save of a service confirms the listing in its transaction (decision 0108).
 */
export const providerServiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const scopeOf = (request: Parameters<typeof requirePrincipal>[0], providerId: string, manage: boolean) =>
    serviceScope(app.db, requirePrincipal(request), providerId, { manage });

  app.route({
    ...operationRoute(operations.listProviderServices, {
      tags,
      summary: 'The provider’s services, optionally of one status or facility',
      failures: { 400: ValidationProblemSchema, 404: notFound },
    }),
    handler: async (request) => {
      const scope = await scopeOf(request, request.params.providerId, false);
      return listProviderServices(app.db, scope.providerId, request.query);
    },
  });

  app.route({
    ...operationRoute(operations.createProviderService, {
      tags,
      summary: 'Create a service of one of the provider’s facilities, as a draft',
      description:
        'The facility must be the provider’s, the type and counties known (400 on the field otherwise). ' +
        '`form` defaults to the type’s usual form.',
      failures: { 400: ValidationProblemSchema, 403: notManager, 404: notFound },
    }),
    handler: async (request, reply) => {
      const scope = await scopeOf(request, request.params.providerId, true);
      const service = await saveConfirmingListing(app.db, scope, app.clock(), (tx) =>
        createProviderService(tx, scope, request.body),
      );
      return reply.code(201).send(service);
    },
  });

  app.route({
    ...operationRoute(operations.getProviderService, {
      tags,
      summary: 'One of the provider’s services, with what activation still needs',
      failures: { 404: notFound },
    }),
    handler: async (request) => {
      const { providerId, serviceId } = request.params;
      const scope = await scopeOf(request, providerId, false);
      return readProviderService(app.db, scope.providerId, serviceId);
    },
  });

  app.route({
    ...operationRoute(operations.updateProviderService, {
      tags,
      summary: 'Save the service form on the revision it was read at',
      description:
        'A service saved by someone else since (its revision moved on) answers 409 `RecordChangedByAnother` ' +
        'with the service as it is now in `current`; nothing is written. An active service must stay ' +
        'complete (409 `ServiceIncomplete`).',
      failures: { 400: ValidationProblemSchema, 403: notManager, 404: notFound, 409: serviceConflict },
    }),
    handler: async (request) => {
      const { providerId, serviceId } = request.params;
      const scope = await scopeOf(request, providerId, true);
      return saveConfirmingListing(app.db, scope, app.clock(), (tx) =>
        updateProviderService(tx, scope, serviceId, request.body.service, request.body.revision),
      );
    },
  });

  app.route({
    ...operationRoute(operations.changeProviderServiceStatus, {
      tags,
      summary: 'Activate, deactivate, archive or restore a service',
      description:
        'Allowed: draft → active, active → draft, draft or active → archive, archive → draft (decision ' +
        '0101). Asking for the status the service has answers it unchanged (two people activating at once ' +
        'make one activation). Otherwise `revision` must be the stored one.',
      failures: { 400: ValidationProblemSchema, 403: notManager, 404: notFound, 409: serviceConflict },
    }),
    handler: async (request) => {
      const { providerId, serviceId } = request.params;
      const scope = await scopeOf(request, providerId, true);
      return saveConfirmingListing(app.db, scope, app.clock(), (tx) =>
        changeServiceStatus(tx, scope, serviceId, request.body),
      );
    },
  });

  app.route({
    ...operationRoute(operations.previewProviderService, {
      tags,
      summary: 'The service as a carer would see it in the catalogue (drafts included)',
      description: 'The same body as `getService` answers for an active service.',
      failures: { 404: notFound },
    }),
    handler: async (request) => {
      const { providerId, serviceId } = request.params;
      const scope = await scopeOf(request, providerId, false);
      return previewService(app.db, scope.providerId, serviceId, app.clock());
    },
  });

  app.route({
    ...operationRoute(operations.getProviderServiceSurveys, {
      tags,
      summary: 'The questionnaires a service asks for, and those it could',
      failures: { 404: notFound },
    }),
    handler: async (request) => {
      const { providerId, serviceId } = request.params;
      const scope = await scopeOf(request, providerId, false);
      return readServiceSurveys(app.db, scope.providerId, serviceId);
    },
  });

  app.route({
    ...operationRoute(operations.saveProviderServiceSurveys, {
      tags,
      summary: 'Choose the questionnaires a service asks for',
      description:
        'Published platform questionnaires of type `service` and the provider’s own; any other id answers ' +
        '400 on `surveyDefinitionIds`.',
      failures: { 400: ValidationProblemSchema, 403: notManager, 404: notFound },
    }),
    handler: async (request) => {
      const { providerId, serviceId } = request.params;
      const scope = await scopeOf(request, providerId, true);
      return saveConfirmingListing(app.db, scope, app.clock(), (tx) =>
        saveServiceSurveys(tx, scope.providerId, serviceId, request.body.surveyDefinitionIds),
      );
    },
  });

  app.route({
    ...operationRoute(operations.createProviderSurveyDefinition, {
      tags,
      summary: 'Write the provider’s own questionnaire (published at once)',
      description:
        'A code that exists answers 409 `SurveyDefinitionCodeUnique` on `code`; the provider’s type and ' +
        'version that exist 409 `SurveyDefinitionTypeVersionUnique` on `version`. An answered questionnaire ' +
        'is replaced by a new version, never edited.',
      failures: {
        400: ValidationProblemSchema,
        403: notManager,
        404: notFound,
        409: ValidationProblemSchema,
      },
    }),
    handler: async (request, reply) => {
      const scope = await scopeOf(request, request.params.providerId, true);
      return reply
        .code(201)
        .send(await createProviderSurveyDefinition(app.db, scope.providerId, scope.userId, request.body));
    },
  });

  app.route({
    ...operationRoute(operations.deleteProviderSurveyDefinition, {
      tags,
      summary: 'Delete one of the provider’s own questionnaires nobody has answered',
      failures: {
        403: notManager,
        404: notFound,
        409: ProblemDetailsSchema.meta({
          description: 'The questionnaire has answers (`SurveyDefinitionDeleteRestriction`).',
        }),
      },
    }),
    handler: async (request, reply) => {
      const { providerId, surveyDefinitionId } = request.params;
      const scope = await scopeOf(request, providerId, true);
      await deleteProviderSurveyDefinition(app.db, scope.providerId, surveyDefinitionId);
      return reply.code(204).send(null);
    },
  });
};
