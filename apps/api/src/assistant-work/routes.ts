import { operations, ProblemDetailsSchema, ValidationProblemSchema } from '@opora/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../platform/auth.ts';
import { operationRoute } from '../platform/operation-route.ts';
import { listAssistants } from './assistant-list.ts';
import { readCaseAssistantWork } from './carer-view.ts';
import { sendAssistantRequest } from './send-request.ts';
import { claimAssistantTask, closeAssistantTask, logAssistantCall } from './task-actions.ts';
import { readAssistantTaskDetail } from './task-detail.ts';
import { listAssistantQueue } from './task-records.ts';
import { reassignAssistantTask, releaseAssistantTask } from './task-release.ts';

const tags = ['platform staff'];
const notClaimant = ProblemDetailsSchema.meta({
  description: 'No such task, or the caller has not claimed it (`NotFoundException`).',
});
const closed = ProblemDetailsSchema.meta({ description: 'The task is closed (`AssistantTaskClosed`).' });

/** The assistants' work queue (issue 25 §2, decision 0123), and what the carer sees of it. */
export const assistantWorkRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = () => ({
    db: app.db,
    mailer: app.mailer,
    config: app.config,
    identityAdmin: app.identityAdmin,
  });

  app.route({
    ...operationRoute(operations.listAssistantTasks, {
      tags,
      summary: 'The assistants’ queue: open tasks, oldest first, and its health',
      description:
        'Tasks handed over with the subscriber’s consent: the subscriber’s contact, when the first contact is ' +
        'due (one working day), who has it; and the open, unclaimed and overdue counts with the median hours ' +
        'to first contact over 30 days. The client’s record is not here: only the claimant sees it.',
    }),
    handler: async (request) => listAssistantQueue(app.db, requirePrincipal(request).userId, app.clock()),
  });

  app.route({
    ...operationRoute(operations.claimAssistantTask, {
      tags,
      summary: 'Take a task',
      description:
        'Of two assistants claiming at once one wins; the other gets 409 `AssistantTaskClaimed`. Claiming one’s ' +
        'own task again answers it. The subscriber is e-mailed; the audit log records it.',
      failures: {
        404: ProblemDetailsSchema.meta({ description: 'No such task (`NotFoundException`).' }),
        409: ProblemDetailsSchema.meta({ description: 'Taken by another, or closed.' }),
      },
    }),
    handler: async (request) =>
      claimAssistantTask(context(), requirePrincipal(request), request.params.taskId, app.clock()),
  });

  app.route({
    ...operationRoute(operations.getAssistantTask, {
      tags,
      summary: 'A claimed task: the client’s record, the services to call, requests, history',
      description:
        'Only the task’s claimant (404 for anyone else). Every view of the client’s record is written to the ' +
        'audit log (`client-record-viewed`).',
      failures: { 404: notClaimant },
    }),
    handler: async (request) =>
      readAssistantTaskDetail(context(), requirePrincipal(request), request.params.taskId, app.clock()),
  });

  app.route({
    ...operationRoute(operations.logAssistantCall, {
      tags,
      summary: 'Log a call to a service’s provider',
      description:
        'The outcome, a note (the assistants’ own) and a follow-up date, reminded by e-mail that day.',
      failures: { 400: ValidationProblemSchema, 404: notClaimant, 409: closed },
    }),
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(
          await logAssistantCall(
            context(),
            requirePrincipal(request),
            request.params.taskId,
            request.body,
            app.clock(),
          ),
        ),
  });

  app.route({
    ...operationRoute(operations.sendAssistantRequest, {
      tags,
      summary: 'Send a request for the client',
      description:
        'As the subscriber would from the review page (the same checks and e-mails), marked as sent by an Opora ' +
        'assistant. A service with its own questionnaire answers 400 `assistantServiceHasForms` on `serviceId`; ' +
        'one requested already 409 `FacilityServiceAlreadyRequested`; an unverified provider 409 ' +
        '`FacilityServiceProviderNotVerified`; a lapsed plan 402.',
      failures: {
        400: ValidationProblemSchema,
        402: ProblemDetailsSchema.meta({
          description: 'The subscriber’s plan ran out (`InsufficientSubscription`).',
        }),
        404: notClaimant,
        409: ProblemDetailsSchema.meta({
          description: 'Requested already, provider not verified, or closed.',
        }),
      },
    }),
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(
          await sendAssistantRequest(
            context(),
            requirePrincipal(request),
            request.params.taskId,
            request.body,
            app.clock(),
          ),
        ),
  });

  app.route({
    ...operationRoute(operations.closeAssistantTask, {
      tags,
      summary: 'Close a task with a summary',
      description: 'The subscriber is e-mailed the summary and sees it on the client page.',
      failures: { 400: ValidationProblemSchema, 404: notClaimant, 409: closed },
    }),
    handler: async (request) =>
      closeAssistantTask(
        context(),
        requirePrincipal(request),
        request.params.taskId,
        request.body,
        app.clock(),
      ),
  });

  const claimMoved = ProblemDetailsSchema.meta({
    description:
      'The task moved on since the caller saw it claimed by `claimantId`: another has it now ' +
      '(`AssistantTaskClaimed`, naming them), nobody has it (`AssistantTaskNotClaimed`), or it is closed.',
  });

  app.route({
    ...operationRoute(operations.releaseAssistantTask, {
      tags,
      summary: 'Give a claimed task back to the queue',
      description:
        'The claim the caller saw (`claimantId`) ends; the task is unclaimed in the queue again, due as ' +
        'before. Its claimant releases it (404 for another assistant, as on the other claimant-only ' +
        'routes); a platform administrator releases anyone’s. Under the task’s row lock: of simultaneous ' +
        'releases, claims and reassignments each step wins once and the others get 409. The note is the ' +
        'assistants’ own. The history and the audit log record it; the subscriber is not e-mailed.',
      failures: { 400: ValidationProblemSchema, 404: notClaimant, 409: claimMoved },
    }),
    handler: async (request) =>
      releaseAssistantTask(
        context(),
        requirePrincipal(request),
        request.params.taskId,
        request.body,
        app.clock(),
      ),
  });

  app.route({
    ...operationRoute(operations.reassignAssistantTask, {
      tags,
      summary: 'Give a claimed task to another assistant',
      description:
        'Platform administrators: the claim the caller saw (`claimantId`) moves to `assistantId`, an ' +
        'account with the `assistant` role other than the claimant (`listAssistants`; 400 otherwise). ' +
        'Under the task’s row lock, as a release. The subscriber is e-mailed the new assistant’s first ' +
        'name; the history and the audit log record it.',
      failures: {
        400: ValidationProblemSchema,
        404: ProblemDetailsSchema.meta({ description: 'No such task (`NotFoundException`).' }),
        409: claimMoved,
      },
    }),
    handler: async (request) =>
      reassignAssistantTask(
        context(),
        requirePrincipal(request),
        request.params.taskId,
        request.body,
        app.clock(),
      ),
  });

  app.route({
    ...operationRoute(operations.listAssistants, {
      tags,
      summary: 'Who a task can be given to',
      description:
        'Platform administrators: the enabled accounts with the `assistant` role at the identity server, ' +
        'by name, as a claim names them.',
    }),
    handler: async () => listAssistants(context()),
  });

  app.route({
    ...operationRoute(operations.getCaseAssistantWork, {
      tags: ['subscriptions'],
      summary: 'What the assistants did on the caller’s case',
      description:
        'Waiting, in progress (the assistant’s first name) or done; each call’s provider and outcome, each ' +
        'request sent, the summary. 404 when the case was never handed over.',
      failures: {
        404: ProblemDetailsSchema.meta({ description: 'Not the caller’s case, or never handed over.' }),
      },
    }),
    handler: async (request) =>
      readCaseAssistantWork(app.db, requirePrincipal(request).userId, request.params.caseId),
  });
};
