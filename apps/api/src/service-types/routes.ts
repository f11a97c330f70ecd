import {
  operations,
  ProblemDetailsSchema,
  ServiceCategoryChangedProblemSchema,
  ValidationProblemSchema,
} from '@opora/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../platform/auth.ts';
import { operationRoute } from '../platform/operation-route.ts';
import {
  createServiceType,
  deleteServiceType,
  listAdminServiceTypes,
  retireServiceType,
  unretireServiceType,
  updateServiceCategory,
  updateServiceType,
} from './staff-service-types.ts';

const tags = ['service-types'];
const notFound = ProblemDetailsSchema.meta({ description: 'No such service type (`NotFoundException`).' });
const changed = ProblemDetailsSchema.meta({
  description:
    'Another administrator saved the type after the revision given (`RecordChangedByAnother`, with ' +
    '`current`), or it is already retired / not retired.',
});

/**
 * Service types and categories with their names (issue 25 §4, decision 0131), for platform
 * administrators under `/api/v1/admin`. Each change is in the staff audit log and clears the catalogue
 * cache through the taxonomy's trigger.
 */
export const serviceTypeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...operationRoute(operations.listAdminServiceTypes, {
      tags,
      summary: 'Every service category and type with names and how many services use them (staff)',
    }),
    handler: async () => listAdminServiceTypes(app.db),
  });

  app.route({
    ...operationRoute(operations.createServiceType, {
      tags,
      summary: 'Add a service type (staff)',
      description:
        'Offered to providers at once. A code that exists answers 409 `NotUniqueValidator` on `code`; an ' +
        'unknown category 400 `invalidOption` on `serviceCategoryId`.',
      failures: { 400: ValidationProblemSchema, 409: ValidationProblemSchema },
    }),
    handler: async (request, reply) =>
      reply.code(201).send(await createServiceType(app.db, requirePrincipal(request), request.body)),
  });

  app.route({
    ...operationRoute(operations.updateServiceType, {
      tags,
      summary: 'Edit a service type’s names, legal reference and order (staff)',
      failures: { 400: ValidationProblemSchema, 404: notFound, 409: changed },
    }),
    handler: async (request) =>
      updateServiceType(app.db, requirePrincipal(request), request.params.serviceTypeId, request.body),
  });

  app.route({
    ...operationRoute(operations.retireServiceType, {
      tags,
      summary: 'Retire a service type: not offered for new services; services that have it keep it (staff)',
      failures: { 400: ValidationProblemSchema, 404: notFound, 409: changed },
    }),
    handler: async (request) =>
      retireServiceType(
        app.db,
        requirePrincipal(request),
        request.params.serviceTypeId,
        request.body.revision,
      ),
  });

  app.route({
    ...operationRoute(operations.unretireServiceType, {
      tags,
      summary: 'Offer a retired service type again (staff)',
      failures: { 400: ValidationProblemSchema, 404: notFound, 409: changed },
    }),
    handler: async (request) =>
      unretireServiceType(
        app.db,
        requirePrincipal(request),
        request.params.serviceTypeId,
        request.body.revision,
      ),
  });

  app.route({
    ...operationRoute(operations.updateServiceCategory, {
      tags,
      summary: 'Rename a service category in every interface language (staff)',
      description:
        'Categories have no revision: the save names the names it read (`previousNames`) and is refused ' +
        'when they changed since.',
      failures: {
        400: ValidationProblemSchema,
        404: ProblemDetailsSchema.meta({ description: 'No such service category (`NotFoundException`).' }),
        409: ServiceCategoryChangedProblemSchema.meta({
          description:
            'Another administrator renamed the category after the names given were read ' +
            '(`RecordChangedByAnother`, with `current`).',
        }),
      },
    }),
    handler: async (request) =>
      updateServiceCategory(
        app.db,
        requirePrincipal(request),
        request.params.serviceCategoryId,
        request.body,
      ),
  });

  app.route({
    ...operationRoute(operations.deleteServiceType, {
      tags,
      summary: 'Delete a service type no service uses (staff)',
      description: 'A type in use answers 409 `ServiceTypeInUse`: retire it instead.',
      failures: {
        400: ValidationProblemSchema,
        404: notFound,
        409: ProblemDetailsSchema.meta({ description: 'Services use the type (`ServiceTypeInUse`).' }),
      },
    }),
    handler: async (request, reply) => {
      await deleteServiceType(app.db, requirePrincipal(request), request.params.serviceTypeId);
      return reply.code(204).send(null);
    },
  });
};
