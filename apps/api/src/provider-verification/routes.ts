import { operations, ProblemDetailsSchema, ValidationProblemSchema } from '@opora/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { postgresDocumentStore } from '../documents/document-store.ts';
import { sendFile } from '../documents/routes.ts';
import { requirePrincipal } from '../platform/auth.ts';
import { operationRoute } from '../platform/operation-route.ts';
import { decideProviderVerification } from './decide-verification.ts';
import { downloadVerificationDocument } from './download-verification-document.ts';
import { listVerificationQueue, readVerificationDetail } from './verification-views.ts';

const tags = ['platform staff'];
const unknownCheck = ProblemDetailsSchema.meta({ description: 'No such check (`NotFoundException`).' });

/** Staff verify providers against the public registers (issue 25 §1, decision 0121). */
export const providerVerificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...operationRoute(operations.listProviderVerifications, {
      tags,
      summary: 'The providers waiting for a check, oldest first',
      description:
        'New organisations, claimed listings and yearly re-verifications (queued 30 days before a check is a ' +
        'year old), with the number of services staff check in the register.',
    }),
    handler: async () => listVerificationQueue(app.db),
  });

  app.route({
    ...operationRoute(operations.getProviderVerification, {
      tags,
      summary: 'One check: what staff compare with the registers',
      description:
        'The provider’s details (the IČO’s check digit checked), for a claim the listing’s details before it, ' +
        'the administrators, the services with their register numbers and type’s legal provision, and the ' +
        'provider’s earlier decisions. `provider.revision` goes into the decision.',
      failures: { 404: unknownCheck },
    }),
    handler: async (request) => readVerificationDetail(app.db, request.params.verificationId),
  });

  app.route({
    ...operationRoute(operations.decideProviderVerification, {
      tags,
      summary: 'Approve or reject a check',
      description:
        'An approval verifies the provider and its services from today for a year; a rejection needs a reason ' +
        '(`other` with a note), leaves the provider unverified, withdraws a re-verified one’s check, and for a ' +
        'claim restores the listing and removes the claimant. The administrators are e-mailed in their ' +
        'languages and the audit log records the decision, in the same transaction. 409 ' +
        '`ProviderVerificationDecided` when decided already; 409 `RecordChangedByAnother` (with `current`) ' +
        'when the provider saved its details after `providerRevision`.',
      failures: {
        400: ValidationProblemSchema,
        404: unknownCheck,
        409: ProblemDetailsSchema.meta({
          description: 'Decided already, or the provider changed its details since (`current`).',
        }),
      },
    }),
    handler: async (request) =>
      decideProviderVerification(
        { db: app.db, mailer: app.mailer, config: app.config },
        requirePrincipal(request),
        request.params.verificationId,
        request.body,
        app.clock(),
      ),
  });

  app.route({
    ...operationRoute(operations.downloadVerificationDocument, {
      tags,
      summary: 'Download a document the provider uploaded, as the check shows it',
      description:
        'An open check: the provider’s documents now; a decided one: those it had when staff decided (kept ' +
        'even if the provider removed them since). Always an attachment; every download is in the staff ' +
        'audit log (`provider-document-downloaded`).',
      failures: {
        404: ProblemDetailsSchema.meta({
          description: 'No such check, or the check does not show this document (`NotFoundException`).',
        }),
      },
      config: { file: true },
    }),
    handler: async (request, reply) => {
      const { verificationId, documentId } = request.params;
      const file = await downloadVerificationDocument(
        { db: app.db, store: postgresDocumentStore },
        requirePrincipal(request),
        verificationId,
        documentId,
      );
      return sendFile(reply, file);
    },
  });
};
