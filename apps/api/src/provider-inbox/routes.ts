import { operations, ProblemDetailsSchema, ValidationProblemSchema } from '@opora/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { postgresDocumentStore } from '../documents/document-store.ts';
import { findProviderCareRequestDocument, withContent } from '../documents/request-documents.ts';
import { sendFile } from '../documents/routes.ts';
import { requirePrincipal } from '../platform/auth.ts';
import { operationRoute } from '../platform/operation-route.ts';
import { careRequestInScope, resolveProviderScope } from '../platform/provider-scope.ts';
import type { RequestContext } from '../requests/request-context.ts';
import { assignProviderCareRequest } from './assign-care-request.ts';
import { changeProviderCareRequestStatus } from './change-care-request-status.ts';
import { listProviderCareRequests } from './list-provider-care-requests.ts';
import { readProviderCareRequest } from './provider-care-request-view.ts';
import { listProviderMemberships, readProviderTeam } from './provider-memberships.ts';
import { saveProviderCareRequestNote } from './save-care-request-note.ts';

const tags = ['provider inbox'];

const notMember = ProblemDetailsSchema.meta({
  description:
    'The caller is not a member of this provider (`NotFoundException`), whatever their roles elsewhere.',
});
const notInScope = ProblemDetailsSchema.meta({
  description:
    'The caller is not a member of this provider, or the request is not in their scope — another ' +
    'provider’s, or for a worker outside their facilities and assignments (`NotFoundException`).',
});

/**
 * The provider's inbox (SPEC §2 provider screens): the providers the caller works for, the team, the
 * requests grid and a request's detail, status, note, assignment and documents. Every route under
 * `/provider/providers/{providerId}` resolves the caller's scope there first (`resolveProviderScope`)
 * and reads nothing outside it: another provider's record answers 404, as a missing one.
 */
export const providerInboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = (): RequestContext => ({ db: app.db, mailer: app.mailer, config: app.config });

  app.route({
    ...operationRoute(operations.listProviderMemberships, {
      tags,
      summary: 'The providers the caller works for (the header’s switcher)',
      description:
        'Each with the caller’s roles and facilities there and the number of requests still `new` in ' +
        'their scope (the badge). Invitations not yet accepted are not listed.',
    }),
    handler: async (request) => {
      return listProviderMemberships(app.db, requirePrincipal(request));
    },
  });

  app.route({
    ...operationRoute(operations.getProviderTeam, {
      tags,
      summary: 'Colleagues and facility teams a request can be assigned to',
      description:
        'The provider’s registered colleagues (name, e-mail, roles, facilities), its facilities (facility ' +
        'teams), the facilities that can occur in the caller’s grid (`scopeFacilities`, the facility ' +
        'filter: for a worker their own and those of the requests in their scope) and the caller’s own ' +
        'provider user id (“assigned to me”). For every member of the provider.',
      failures: { 404: notMember },
    }),
    handler: async (request) => {
      const scope = await resolveProviderScope(app.db, requirePrincipal(request), request.params.providerId);
      return readProviderTeam(app.db, scope);
    },
  });

  app.route({
    ...operationRoute(operations.listProviderCareRequests, {
      tags,
      summary: 'The requests grid: filtered, sorted and paged in the caller’s scope',
      description:
        'Administrators and coordinators see every request of the provider; a worker those of their ' +
        'facilities (the service’s, or the facility team it is assigned to) and those assigned to them. ' +
        'Filters: status (comma-separated), client’s name or code and creator’s name (without accents), ' +
        'service type, creation dates (inclusive, Europe/Prague), assigned to me, facility. `total` counts ' +
        'every matching request (the “all records” selection).',
      failures: { 400: ValidationProblemSchema, 404: notMember },
    }),
    handler: async (request) => {
      const scope = await resolveProviderScope(app.db, requirePrincipal(request), request.params.providerId);
      return listProviderCareRequests(app.db, scope, request.query);
    },
  });

  app.route({
    ...operationRoute(operations.getProviderCareRequest, {
      tags,
      summary: 'A request in the inbox: overview, questionnaires, documents, history, note',
      description:
        'What the requester sent (the case, the client, the questionnaires, the documents), the statuses ' +
        'the provider may move it to, the assignment, the internal note and the whole history. The ' +
        'requester’s e-mail and phone only with their consent to share them with the provider.',
      failures: { 404: notInScope },
    }),
    handler: async (request) => {
      const { providerId, careRequestId } = request.params;
      const scope = await resolveProviderScope(app.db, requirePrincipal(request), providerId);
      return readProviderCareRequest(app.db, careRequestInScope(scope), careRequestId);
    },
  });

  app.route({
    ...operationRoute(operations.changeProviderCareRequestStatus, {
      tags,
      summary: 'Change a request’s status (the change-status dialog)',
      description:
        '`fromStatus` is the status the user saw. `rejected` (declined) needs a `reason`, and `other` a ' +
        '`reasonText` too; the reason is kept only with `rejected` and is shared with the client. The ' +
        'change is recorded in the history and the client e-mailed. The same change sent again by the ' +
        'same person answers the request as it is. `markServiceFull` with a `no-capacity` decline also ' +
        'marks the service full, in the same transaction (403 `Forbidden` for a worker outside the ' +
        'service’s facility: then nothing is written).',
      failures: {
        400: ValidationProblemSchema,
        403: ProblemDetailsSchema.meta({
          description: '`markServiceFull` by a worker outside the service’s facility (`Forbidden`).',
        }),
        404: notInScope,
        409: ProblemDetailsSchema.meta({
          description:
            'The status is no longer `fromStatus` (a colleague changed it meanwhile), or the provider may ' +
            'not move it to `status` (`CareRequestStatusChangeNotAllowed`).',
        }),
      },
    }),
    handler: async (request) => {
      const { providerId, careRequestId } = request.params;
      const scope = await resolveProviderScope(app.db, requirePrincipal(request), providerId);
      return changeProviderCareRequestStatus(context(), scope, careRequestId, request.body, app.clock());
    },
  });

  app.route({
    ...operationRoute(operations.saveProviderCareRequestNote, {
      tags,
      summary: 'Save the request’s internal note (autosave)',
      description:
        'One note per request, shared by the provider’s team, never shown to the client. Last write wins; ' +
        'when `baseVersion` is older than the stored note, the text it replaced is answered in ' +
        '`overwritten` and kept in the history. Saving the stored text again changes nothing.',
      failures: { 400: ValidationProblemSchema, 404: notInScope },
    }),
    handler: async (request) => {
      const { providerId, careRequestId } = request.params;
      const scope = await resolveProviderScope(app.db, requirePrincipal(request), providerId);
      return saveProviderCareRequestNote(app.db, scope, careRequestId, request.body);
    },
  });

  app.route({
    ...operationRoute(operations.assignProviderCareRequest, {
      tags,
      summary: 'Assign a request to a colleague, a facility team, both, or nobody',
      description:
        'Administrators and coordinators assign to any colleague or facility of the provider. A worker ' +
        'may only take a request of their scope for themselves or give up their own assignment, leaving ' +
        'the facility team as it is. The change is recorded in the history; a newly assigned colleague ' +
        'is e-mailed unless they assigned it to themselves.',
      failures: {
        403: ProblemDetailsSchema.meta({
          description: 'A worker assigning to someone else or changing the facility team (`Forbidden`).',
        }),
        404: ProblemDetailsSchema.meta({
          description:
            'Not a member of the provider, a request outside the caller’s scope, or a colleague or ' +
            'facility that is not the provider’s (`NotFoundException`).',
        }),
      },
    }),
    handler: async (request) => {
      const { providerId, careRequestId } = request.params;
      const scope = await resolveProviderScope(app.db, requirePrincipal(request), providerId);
      return assignProviderCareRequest(context(), scope, careRequestId, request.body);
    },
  });

  app.route({
    ...operationRoute(operations.downloadProviderCareRequestDocument, {
      tags,
      summary: 'Download a file of a request in the inbox',
      description: 'Always an attachment, with the type found in its content; as the sender’s download.',
      failures: { 404: notInScope },
      config: { file: true },
    }),
    handler: async (request, reply) => {
      const { providerId, careRequestId, documentId } = request.params;
      const scope = await resolveProviderScope(app.db, requirePrincipal(request), providerId);
      const file = await withContent(
        { db: app.db, store: postgresDocumentStore },
        await findProviderCareRequestDocument(app.db, scope, careRequestId, documentId),
      );
      return sendFile(reply, file);
    },
  });
};
