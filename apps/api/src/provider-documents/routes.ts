import {
  maxDocumentBytes,
  maxProviderDocuments,
  operations,
  ProblemDetailsSchema,
  providerDocumentFormats,
} from '@opora/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { postgresDocumentStore } from '../documents/document-store.ts';
import { withContent } from '../documents/request-documents.ts';
import { sendFile, withConsumes } from '../documents/routes.ts';
import { requirePrincipal } from '../platform/auth.ts';
import { operationRoute } from '../platform/operation-route.ts';
import { resolveProviderScope } from '../platform/provider-scope.ts';
import {
  deleteProviderDocument,
  findProviderDocument,
  listProviderDocuments,
  type ProviderDocumentContext,
  putProviderDocument,
} from './provider-documents.ts';

const tags = ['provider profile'];
const uploadMediaType = 'application/octet-stream';

const notFound = ProblemDetailsSchema.meta({
  description:
    'The caller is not a member of this provider, or the document (or the service named) is not this ' +
    'provider’s (`NotFoundException`).',
});
const notAllowed = ProblemDetailsSchema.meta({
  description: 'A member of the provider who is not its administrator (`Forbidden`).',
});

/**
 * A provider's documents for its verification (issue 25 §1, decision 0130): its registration decision
 * or health-care licence, which staff see on the check. Members read; administrators upload and remove.
 */
export const providerDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = (): ProviderDocumentContext => ({ db: app.db, store: postgresDocumentStore });
  const scopeOf = (request: { params: { providerId: string } } & Parameters<typeof requirePrincipal>[0]) =>
    resolveProviderScope(app.db, requirePrincipal(request), request.params.providerId);

  // Fastify refuses a larger body by its Content-Length before reading it, or stops at the limit.
  app.addContentTypeParser(
    uploadMediaType,
    { parseAs: 'buffer', bodyLimit: maxDocumentBytes },
    (_request, body, done) => done(null, body),
  );

  app.route({
    ...operationRoute(operations.listProviderDocuments, {
      tags,
      summary: 'The provider’s documents for its verification',
      description:
        'Its registration decisions and health-care licences, newest first, the services a document can ' +
        'be linked to, whether the caller may change them (administrators), and whether a check is open.',
      failures: { 404: notFound },
    }),
    handler: async (request) => listProviderDocuments(app.db, await scopeOf(request)),
  });

  app.route({
    ...withConsumes(
      operationRoute(operations.putProviderDocument, {
        tags,
        summary: 'Upload a registration decision or health-care licence (administrators)',
        description:
          `The body is the file itself (\`${uploadMediaType}\`, at most ${maxDocumentBytes} bytes), its name ` +
          `in \`?name=\`, what it is in \`?kind=\`, the service it is for in \`?facilityServiceId=\`. ` +
          `Allowed: ${providerDocumentFormats}, told by the content, never by the name. The name is cleaned. ` +
          'The id is chosen by the uploader: the same id again answers the document already stored.',
        failures: {
          403: notAllowed,
          404: notFound,
          409: ProblemDetailsSchema.meta({
            description: `The provider has ${maxProviderDocuments} documents (\`ProviderDocumentLimitReached\`), or the id belongs to another document (\`Conflict\`).`,
          }),
          413: ProblemDetailsSchema.meta({
            description: `The file is larger than ${maxDocumentBytes} bytes (\`PayloadTooLarge\`); nothing is stored.`,
          }),
          415: ProblemDetailsSchema.meta({
            description: `The body is not \`${uploadMediaType}\` (\`UnsupportedMediaType\`), or the content is not ${providerDocumentFormats} (\`ProviderDocumentTypeNotAllowed\`).`,
          }),
        },
      }),
    ),
    bodyLimit: maxDocumentBytes,
    handler: async (request, reply) => {
      const document = await putProviderDocument(
        context(),
        await scopeOf(request),
        request.params.documentId,
        request.query,
        request.body,
      );
      return reply.code(201).send(document);
    },
  });

  app.route({
    ...operationRoute(operations.downloadProviderDocument, {
      tags,
      summary: 'Download one of the provider’s verification documents',
      description: `Always an attachment, with the type found in its content (${providerDocumentFormats}).`,
      failures: { 404: notFound },
      config: { file: true },
    }),
    handler: async (request, reply) => {
      const scope = await scopeOf(request);
      const file = await withContent(
        context(),
        await findProviderDocument(app.db, scope, request.params.documentId),
      );
      return sendFile(reply, file);
    },
  });

  app.route({
    ...operationRoute(operations.deleteProviderDocument, {
      tags,
      summary: 'Remove a verification document (administrators)',
      description:
        'One a decided check relied on stays for staff’s history (it leaves the provider’s list); any other ' +
        'is deleted with its bytes.',
      failures: { 403: notAllowed, 404: notFound },
    }),
    handler: async (request, reply) => {
      await deleteProviderDocument(context(), await scopeOf(request), request.params.documentId);
      return reply.code(204).send(null);
    },
  });
};
