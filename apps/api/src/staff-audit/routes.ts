import { operations } from '@opora/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operationRoute } from '../platform/operation-route.ts';
import { listStaffAudit } from './list-staff-audit.ts';

/** The audit log of staff actions (issue 25 §5, decision 0122), for platform administrators. */
export const staffAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...operationRoute(operations.listStaffAudit, {
      tags: ['platform staff'],
      summary: 'The audit log of staff actions, newest first',
      description:
        'Who did what, on which record, when and why: verifications, claims, questionnaires. Filters by action, ' +
        'record type, record id and text (`q`: the actor’s name or e-mail, the record’s label); `before` pages to ' +
        'older entries (the previous page’s `nextBefore`). The log is append-only.',
    }),
    handler: async (request) => listStaffAudit(app.db, request.query),
  });
};
