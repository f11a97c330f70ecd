import { operations, ProblemDetailsSchema, ValidationProblemSchema } from '@opora/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../platform/auth.ts';
import { operationRoute } from '../platform/operation-route.ts';
import { staffActor } from '../staff-audit/record-staff-action.ts';
import { createSurveyDefinition } from './create-survey-definition.ts';
import { deleteSurveyDefinition } from './delete-survey-definition.ts';
import { getCaseSurvey } from './get-case-survey.ts';
import { getPublishedSurvey } from './get-published-survey.ts';
import { publishSurveyDefinition } from './publish-survey-definition.ts';
import { saveCaseSurvey } from './save-case-survey.ts';
import {
  createSurveyDefinitionVersion,
  listSurveyDefinitionSummaries,
  readSurveyDefinitionSummary,
  retireSurveyDefinition,
  updateSurveyDefinition,
} from './staff-survey-definitions.ts';

const tags = ['surveys'];

/**
 * Questionnaires (docs/surveys.md): the published platform ones, a case's answers, and staff's
 * definitions under `/api/v1/admin`. Thin routes over one use case each; the permission check
 * (platform/auth.ts) has run before every handler. Registered without a prefix: paths are full.
 */
export const surveyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...operationRoute(operations.getPublishedSurvey, {
      tags,
      summary: 'The published platform questionnaire of a type',
      description:
        'The newest published version of the extended case survey or the case survey: what a case ' +
        'without answers is filled in with. 404 when none is published.',
    }),
    handler: async (request) => getPublishedSurvey(app.db, request.params.type),
  });

  app.route({
    ...operationRoute(operations.getCaseSurvey, {
      tags,
      summary: 'A case’s questionnaire of a type, with the answers so far',
      description:
        'The definition the case’s answers are bound to (the newest published one while nothing is ' +
        'answered), the answers, when they were sent as complete, and for the extended case survey the ' +
        'care allowance they point to. Another user’s case answers 404.',
    }),
    handler: async (request) => {
      return getCaseSurvey(app.db, requirePrincipal(request), request.params);
    },
  });

  app.route({
    ...operationRoute(operations.saveCaseSurvey, {
      tags,
      summary: 'Save a case’s answers as a draft or send them as complete',
      description:
        'Answers are checked against the definition named by `surveyDefinitionId` (published, of the ' +
        'path’s type); each problem names its question in `property`. A draft checks what is answered; ' +
        '`complete: true` also needs every visible required question. Answers to hidden questions are ' +
        'dropped. A case already answered in another version answers 409 `Conflict`. Saving again ' +
        'replaces the answers; concurrent saves leave one answer set.',
      failures: {
        400: ValidationProblemSchema,
        409: ProblemDetailsSchema.meta({
          description: 'The case’s answers are bound to another version (`Conflict`).',
        }),
      },
    }),
    handler: async (request) => {
      return saveCaseSurvey(app.db, requirePrincipal(request), request.params, request.body);
    },
  });

  app.route({
    ...operationRoute(operations.listSurveyDefinitions, {
      tags,
      summary: 'Every questionnaire definition (staff)',
    }),
    handler: async () => listSurveyDefinitionSummaries(app.db),
  });

  app.route({
    ...operationRoute(operations.createSurveyDefinition, {
      tags,
      summary: 'Create a questionnaire definition as a draft (staff)',
      description:
        '`definition` is the questionnaire as JSON text (`SurveyDocument`). A code that exists answers 409 ' +
        '`SurveyDefinitionCodeUnique` on `code`, a type and version that exist 409 ' +
        '`SurveyDefinitionTypeVersionUnique` on `version`.',
      failures: { 400: ValidationProblemSchema, 409: ValidationProblemSchema },
    }),
    handler: async (request, reply) =>
      reply.code(201).send(await createSurveyDefinition(app.db, requirePrincipal(request), request.body)),
  });

  app.route({
    ...operationRoute(operations.publishSurveyDefinition, {
      tags,
      summary: 'Publish a questionnaire definition (staff)',
      description:
        'From then on it can be answered and cannot return to draft; the newest published platform ' +
        'version of a type is what new cases get. Publishing it again changes nothing.',
    }),
    handler: async (request) =>
      publishSurveyDefinition(app.db, requirePrincipal(request), request.params.surveyDefinitionId),
  });

  app.route({
    ...operationRoute(operations.getSurveyDefinition, {
      tags,
      summary: 'A questionnaire definition, with how many answer sets are bound to it (staff)',
      failures: {
        404: ProblemDetailsSchema.meta({ description: 'No such definition (`NotFoundException`).' }),
      },
    }),
    handler: async (request) => readSurveyDefinitionSummary(app.db, request.params.surveyDefinitionId),
  });

  app.route({
    ...operationRoute(operations.updateSurveyDefinition, {
      tags,
      summary: 'Edit a draft questionnaire (staff)',
      description:
        'Its code, version and document. A published or retired one answers 409 `SurveyDefinitionNotDraft` ' +
        '(make a new version); a code or version taken, 409 on its field.',
      failures: {
        400: ValidationProblemSchema,
        404: ProblemDetailsSchema.meta({ description: 'No such definition.' }),
        409: ValidationProblemSchema,
      },
    }),
    handler: async (request) =>
      updateSurveyDefinition(
        app.db,
        requirePrincipal(request),
        request.params.surveyDefinitionId,
        request.body,
      ),
  });

  app.route({
    ...operationRoute(operations.createSurveyDefinitionVersion, {
      tags,
      summary: 'A new version of a questionnaire, as a draft (staff)',
      description:
        'A copy of the definition as the next version of its type, under the code given (409 when taken).',
      failures: {
        400: ValidationProblemSchema,
        404: ProblemDetailsSchema.meta({ description: 'No such definition.' }),
        409: ValidationProblemSchema,
      },
    }),
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(
          await createSurveyDefinitionVersion(
            app.db,
            requirePrincipal(request),
            request.params.surveyDefinitionId,
            request.body,
          ),
        ),
  });

  app.route({
    ...operationRoute(operations.retireSurveyDefinition, {
      tags,
      summary: 'Retire a published questionnaire (staff)',
      description:
        'Offered to nobody new; answers bound to it stay and a case half-way through may finish. The only ' +
        'published extended case survey or case survey answers 409 `SurveyDefinitionLastPublished`; a draft, 409 ' +
        '`Conflict` (delete it instead).',
      failures: {
        404: ProblemDetailsSchema.meta({ description: 'No such definition.' }),
        409: ProblemDetailsSchema.meta({ description: 'The last published of its type, or a draft.' }),
      },
    }),
    handler: async (request) =>
      retireSurveyDefinition(app.db, requirePrincipal(request), request.params.surveyDefinitionId),
  });

  app.route({
    ...operationRoute(operations.deleteSurveyDefinition, {
      tags,
      summary: 'Delete a questionnaire definition nobody has answered (staff)',
      failures: {
        409: ProblemDetailsSchema.meta({
          description: 'The questionnaire has answers (`SurveyDefinitionDeleteRestriction`).',
        }),
      },
    }),
    handler: async (request, reply) => {
      await deleteSurveyDefinition(
        app.db,
        request.params.surveyDefinitionId,
        await staffActor(app.db, requirePrincipal(request)),
      );
      return reply.code(204).send(null);
    },
  });
};
