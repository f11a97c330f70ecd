import {
  createErrorDetail,
  operations,
  ProblemDetailsSchema,
  ValidationProblemSchema,
} from '@opora/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guestCaseNotFound, guestSecretOf } from '../cases/guest-routes.ts';
import { findGuestCase } from '../cases/own-case.ts';
import { FieldValidationError } from '../platform/errors.ts';
import { operationRoute } from '../platform/operation-route.ts';
import { readCaseSurvey } from './get-case-survey.ts';
import { storeCaseSurvey } from './save-case-survey.ts';

/**
 * A guest case's questionnaires (docs/decisions/0066-guest-case-held-by-a-secret.md): read and saved
 * as a signed-in owner's are (the same checks, the same upsert), only the access differs — the secret
 * the server made for the guest's browser.
 */
export const guestCaseSurveyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...operationRoute(operations.getGuestCaseSurvey, {
      tags: ['surveys'],
      summary: 'A guest case’s questionnaire of a type, with the answers so far',
      description: 'As `getCaseSurvey`, for the holder of the guest case’s secret.',
      config: { guestSecret: true },
      failures: guestCaseNotFound,
    }),
    handler: async (request) => {
      await findGuestCase(app.db, request.params.caseId, guestSecretOf(request));
      return readCaseSurvey(app.db, request.params.caseId, request.params.type);
    },
  });

  app.route({
    ...operationRoute(operations.saveGuestCaseSurvey, {
      tags: ['surveys'],
      summary: 'Save a guest case’s answers as a draft or send them as complete',
      description:
        'As `saveCaseSurvey`, for the holder of the guest case’s secret; the answers are stored under ' +
        'the health-data consent the guest gave when the case was opened.',
      config: { guestSecret: true },
      failures: {
        ...guestCaseNotFound,
        400: ValidationProblemSchema,
        409: ProblemDetailsSchema.meta({
          description: 'The case’s answers are bound to another version (`Conflict`).',
        }),
      },
    }),
    handler: async (request) => {
      const guestCase = await findGuestCase(app.db, request.params.caseId, guestSecretOf(request));
      if (guestCase.guestConsentedAt === null) {
        throw new FieldValidationError([createErrorDetail('healthDataConsent', 'healthDataConsentRequired')]);
      }
      return storeCaseSurvey(
        app.db,
        { caseId: guestCase.id, type: request.params.type, createdByUserId: null },
        request.body,
      );
    },
  });
};
