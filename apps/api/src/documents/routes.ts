import {
  documentFormatNames,
  maxDocumentBytes,
  maxDocumentsPerRequest,
  operations,
  ProblemDetailsSchema,
} from '@opora/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../platform/auth.ts';
import { operationRoute } from '../platform/operation-route.ts';
import { attachmentDisposition } from './document-files.ts';
import { postgresDocumentStore } from './document-store.ts';
import {
  type DocumentContext,
  type DocumentDownload,
  deleteCareRequestDocument,
  deleteDraftDocument,
  findOwnCareRequestDocument,
  findOwnDraftDocument,
  putCareRequestDocument,
  putDraftDocument,
  withContent,
} from './request-documents.ts';

const tags = ['documents'];
const formats = Object.values(documentFormatNames).join(', ');
const uploadMediaType = 'application/octet-stream';

const uploadFailures = {
  409: ProblemDetailsSchema.meta({
    description: `The request already has ${maxDocumentsPerRequest} documents (\`DocumentLimitReached\`), or the id belongs to another document (\`Conflict\`).`,
  }),
  413: ProblemDetailsSchema.meta({
    description: `The file is larger than ${maxDocumentBytes} bytes (\`PayloadTooLarge\`); nothing is stored.`,
  }),
  415: ProblemDetailsSchema.meta({
    description: `The body is not \`${uploadMediaType}\` (\`UnsupportedMediaType\`), or the file’s content is not ${formats} (\`DocumentTypeNotAllowed\`), whatever its name says.`,
  }),
};

const uploadDescription =
  `The body is the file itself (\`${uploadMediaType}\`, at most ${maxDocumentBytes} bytes), its name in ` +
  `\`?name=\`. Allowed: ${formats}, told by the content, never by the name or a header. The name is ` +
  'cleaned (path parts, control and invisible characters removed, shortened, the real type’s extension ' +
  'added). The id is chosen by the uploader: the same id again answers the document already stored.';

/**
 * Sends a stored file: always an attachment, its sniffed type, the caller's only, never sniffed
 * again. Its operations are `noStore`, so it goes out `private, no-store`. The provider inbox's
 * download sends with it too.
 */
export function sendFile(reply: FastifyReply, file: DocumentDownload) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', attachmentDisposition(file.fileName))
    .header('content-length', file.content.byteLength)
    .header('cache-control', 'private')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(file.content);
}

/**
 * Documents of a request from the sender's side (SPEC §2 request-review, request/{id} documents):
 * on the request being prepared and on the sent request — upload, download, delete. Another user's
 * draft, request or document answers 404.
 */
export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = (): DocumentContext => ({ db: app.db, store: postgresDocumentStore });

  // Uploads are the raw file. Registered in this plugin only: no other route takes bytes. Fastify
  // refuses a larger body by its Content-Length before reading it, or stops reading at the limit.
  app.addContentTypeParser(
    uploadMediaType,
    { parseAs: 'buffer', bodyLimit: maxDocumentBytes },
    (_request, body, done) => done(null, body),
  );
  const fileResponse = { file: true } as const;

  app.route({
    ...withConsumes(
      operationRoute(operations.putRequestDraftDocument, {
        tags,
        summary: 'Attach a file to a request being prepared (review page)',
        description: uploadDescription,
        failures: uploadFailures,
      }),
    ),
    bodyLimit: maxDocumentBytes,
    handler: async (request, reply) => {
      const document = await putDraftDocument(
        context(),
        requirePrincipal(request).userId,
        request.params.draftId,
        {
          documentId: request.params.documentId,
          name: request.query.name,
          content: request.body,
        },
      );
      return reply.code(201).send(document);
    },
  });

  app.route({
    ...operationRoute(operations.downloadRequestDraftDocument, {
      tags,
      summary: 'Download a file of a request being prepared',
      description: `Always an attachment, with the type found in its content (${formats}).`,
      config: fileResponse,
    }),
    handler: async (request, reply) => {
      const { draftId, documentId } = request.params;
      const file = await withContent(
        context(),
        await findOwnDraftDocument(app.db, requirePrincipal(request).userId, draftId, documentId),
      );
      return sendFile(reply, file);
    },
  });

  app.route({
    ...operationRoute(operations.deleteRequestDraftDocument, {
      tags,
      summary: 'Remove a file from a request being prepared',
    }),
    handler: async (request, reply) => {
      const { draftId, documentId } = request.params;
      await deleteDraftDocument(context(), requirePrincipal(request).userId, draftId, documentId);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...withConsumes(
      operationRoute(operations.putCareRequestDocument, {
        tags,
        summary: 'Attach a file to a sent request',
        description:
          `${uploadDescription} Only while the provider has not decided the request (else 409 ` +
          '`Conflict`); the provider sees the addition in the history.',
        failures: uploadFailures,
      }),
    ),
    bodyLimit: maxDocumentBytes,
    handler: async (request, reply) => {
      const document = await putCareRequestDocument(
        context(),
        requirePrincipal(request).userId,
        request.params.careRequestId,
        { documentId: request.params.documentId, name: request.query.name, content: request.body },
      );
      return reply.code(201).send(document);
    },
  });

  app.route({
    ...operationRoute(operations.downloadCareRequestDocument, {
      tags,
      summary: 'Download a file of a sent request',
      description: `Always an attachment, with the type found in its content (${formats}).`,
      config: fileResponse,
    }),
    handler: async (request, reply) => {
      const { careRequestId, documentId } = request.params;
      const file = await withContent(
        context(),
        await findOwnCareRequestDocument(app.db, requirePrincipal(request).userId, careRequestId, documentId),
      );
      return sendFile(reply, file);
    },
  });

  app.route({
    ...operationRoute(operations.deleteCareRequestDocument, {
      tags,
      summary: 'Remove a file from a sent request',
      description:
        'At any status; never silently: the removal, with the file’s name, stays in the history the ' +
        'provider sees.',
    }),
    handler: async (request, reply) => {
      const { careRequestId, documentId } = request.params;
      await deleteCareRequestDocument(context(), requirePrincipal(request).userId, careRequestId, documentId);
      return reply.code(204).send(null);
    },
  });
};

/** The route's body is the raw file: documented (and parsed) as `application/octet-stream`. */
export function withConsumes<R extends { schema: object }>(route: R): R {
  return { ...route, schema: { ...route.schema, consumes: [uploadMediaType] } };
}
