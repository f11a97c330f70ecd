import { operations, ProblemDetailsSchema, ValidationProblemSchema } from '@opora/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../platform/auth.ts';
import { operationRoute } from '../platform/operation-route.ts';
import { readCareRequest } from './care-request-view.ts';
import { listClientCareRequests } from './list-client-care-requests.ts';
import { openRequestDraft } from './open-request-draft.ts';
import type { RequestContext } from './request-context.ts';
import { saveRequestDraftSurvey } from './save-request-draft-survey.ts';
import { sendRequestDraft } from './send-request-draft.ts';
import { withdrawCareRequest } from './withdraw-care-request.ts';

const tags = ['care requests'];

const notRequestable = {
  402: ProblemDetailsSchema.meta({
    description: 'No active subscription (`InsufficientSubscription`): choose one to continue.',
  }),
  409: ProblemDetailsSchema.meta({
    description:
      'The service was requested for this case already (`FacilityServiceAlreadyRequested`), its provider ' +
      'is not verified (`FacilityServiceProviderNotVerified`), or the case has no client yet (`Conflict`).',
  }),
};

/**
 * Care requests from the sender's side (SPEC §2 request-review, request/{id}, my-services): the review
 * page's draft and its questionnaires, sending it, the sender's requests and withdrawing one. Thin
 * routes over one use case each; another user's case, draft, client or request answers 404.
 */
export const careRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = (): RequestContext => ({ db: app.db, mailer: app.mailer, config: app.config });

  app.route({
    ...operationRoute(operations.openRequestDraft, {
      tags,
      summary: 'Open the review page of a request of a case to a service',
      description:
        'The draft of the caller’s case for the service — made on the first call, the same one afterwards ' +
        '— with what the provider will see (the case, the client, the requester), the questionnaires the ' +
        'provider asks for with the service and the answers so far, and the documents attached. Needs an ' +
        'active service of a verified provider, not yet requested for the case, a case with its client and ' +
        'an active subscription.',
      failures: notRequestable,
    }),
    handler: async (request) => {
      return openRequestDraft(app.db, requirePrincipal(request), request.params);
    },
  });

  app.route({
    ...operationRoute(operations.saveRequestDraftSurvey, {
      tags,
      summary: 'Save answers to one of the provider’s questionnaires on the review page',
      description:
        'Answers are checked against the questionnaire (a published one the service asks for); each problem ' +
        'names its question in `property`. A draft checks what is answered; `complete: true` also needs every ' +
        'visible required question. Saving again replaces the answers; concurrent saves leave one answer ' +
        'set. After the request was sent: 409 `Conflict`.',
      failures: {
        400: ValidationProblemSchema,
        409: ProblemDetailsSchema.meta({ description: 'The request was sent already (`Conflict`).' }),
      },
    }),
    handler: async (request) => {
      return saveRequestDraftSurvey(app.db, requirePrincipal(request), request.params, request.body);
    },
  });

  app.route({
    ...operationRoute(operations.sendRequestDraft, {
      tags,
      summary: 'Send the request: the draft becomes a care request in status `new`',
      description:
        '`providerConsent` must be `true` (the consent to hand the case, the client and the answers to the ' +
        'provider, recorded with the request). Every questionnaire of the service must be answered ' +
        'completely, else `allFormsRequired` on `surveys.<surveyDefinitionId>`. The provider and the sender ' +
        'are e-mailed. Sending a draft again (a double click, a retry) answers the request it became.',
      failures: { 400: ValidationProblemSchema, ...notRequestable },
    }),
    handler: async (request) => {
      return sendRequestDraft(context(), requirePrincipal(request), request.params.draftId, request.body);
    },
  });

  app.route({
    ...operationRoute(operations.getCareRequest, {
      tags,
      summary: 'One of the caller’s requests: status and history, provider, what was sent',
    }),
    handler: async (request) => {
      return readCareRequest(app.db, requirePrincipal(request).userId, request.params.careRequestId);
    },
  });

  app.route({
    ...operationRoute(operations.withdrawCareRequest, {
      tags,
      summary: 'Withdraw one of the caller’s requests',
      description:
        'Allowed while the provider has not decided it (`new`, `in-progress`, `waiting-list`); the event is ' +
        'recorded and the provider e-mailed. Withdrawing it again answers it unchanged.',
      failures: {
        409: ProblemDetailsSchema.meta({ description: 'The provider decided it already (`Conflict`).' }),
      },
    }),
    handler: async (request) => {
      return withdrawCareRequest(context(), requirePrincipal(request), request.params.careRequestId);
    },
  });

  app.route({
    ...operationRoute(operations.listClientCareRequests, {
      tags,
      summary: 'The requests sent for one of the caller’s clients, newest first, by status',
      description: '`counts` gives every status’s number over all the client’s requests.',
    }),
    handler: async (request) => {
      return listClientCareRequests(
        app.db,
        requirePrincipal(request).userId,
        request.params.clientId,
        request.query,
      );
    },
  });
};
