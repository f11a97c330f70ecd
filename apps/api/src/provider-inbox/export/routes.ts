import { Readable } from 'node:stream';
import {
  operations,
  ProblemDetailsSchema,
  providerExportDirectRowLimit,
  ValidationProblemSchema,
} from '@opora/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachmentDisposition } from '../../documents/document-files.ts';
import { requirePrincipal } from '../../platform/auth.ts';
import { operationRoute } from '../../platform/operation-route.ts';
import {
  createProviderExportJob,
  findProviderExportFile,
  listProviderExportJobs,
  providerExportJobRowLimit,
  providerExportKeepDays,
} from './export-jobs.ts';
import { exportContentTypes } from './export-writers.ts';
import { streamProviderExport } from './stream-export.ts';

const tags = ['provider inbox'];
const fileTypes = { file: [exportContentTypes.csv.split(';')[0] ?? '', exportContentTypes.xlsx] } as const;

const notMember = ProblemDetailsSchema.meta({
  description:
    'The caller is not a member of this provider, or the export is not theirs (`NotFoundException`).',
});

const selectionDescription =
  'The selection is some rows by id (ids the caller may not see are left out) or every request matching ' +
  'the grid’s filters, in the grid’s default order (newest first). Headers in `locale`; dates are dates ' +
  '(XLSX: date cells with a number format, Prague time; CSV: ISO 8601); a text starting with `=`, `+`, ' +
  '`-`, `@`, tab or carriage return gets a leading apostrophe, so no spreadsheet runs it. CSV is UTF-8 with ' +
  'a byte order mark, `;`-separated in Czech and Slovak, `,` in English.';

function fileHeaders(reply: FastifyReply, fileName: string, contentType: string): FastifyReply {
  return reply
    .header('content-type', contentType)
    .header('content-disposition', attachmentDisposition(fileName))
    .header('x-content-type-options', 'nosniff');
}

/**
 * Exports of the provider's requests grid (SPEC §2): a selection streamed straight to the response, or —
 * larger — made in the background, kept for the requester and announced by e-mail.
 */
export const providerExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...operationRoute(operations.exportProviderCareRequests, {
      tags,
      summary: 'Download the selected requests as CSV or XLSX',
      description:
        `${selectionDescription} The file is written while the rows are read. More than ` +
        `${providerExportDirectRowLimit} rows: 422 \`ExportTooLarge\` before anything is sent (use ` +
        '`createProviderExportJob`).',
      failures: {
        400: ValidationProblemSchema,
        404: notMember,
        422: ProblemDetailsSchema.meta({
          description: `More than ${providerExportDirectRowLimit} rows (\`ExportTooLarge\`).`,
        }),
      },
      config: fileTypes,
    }),
    handler: async (request, reply) => {
      const exported = await streamProviderExport(
        { db: app.db, log: request.log },
        requirePrincipal(request),
        request.params.providerId,
        request.body,
      );
      return fileHeaders(reply, exported.fileName, exported.contentType).send(exported.body);
    },
  });

  app.route({
    ...operationRoute(operations.createProviderExportJob, {
      tags,
      summary: 'Export the selected requests in the background',
      description:
        `${selectionDescription} The file is made by a job; the requester is e-mailed a link to the ` +
        `provider area when it is ready and can download it for ${providerExportKeepDays} days. The same ` +
        'request again while the first is being made answers the first. At most ' +
        `${providerExportJobRowLimit} rows (else 422 \`ExportTooLarge\`).`,
      failures: {
        400: ValidationProblemSchema,
        404: notMember,
        422: ProblemDetailsSchema.meta({
          description: `More than ${providerExportJobRowLimit} rows (\`ExportTooLarge\`).`,
        }),
      },
    }),
    handler: async (request, reply) => {
      const job = await createProviderExportJob(
        { db: app.db, jobs: app.jobs },
        requirePrincipal(request),
        request.params.providerId,
        request.body,
      );
      return reply.code(201).send(job);
    },
  });

  app.route({
    ...operationRoute(operations.listProviderExportJobs, {
      tags,
      summary: 'The caller’s background exports',
      description: `The caller’s own exports in this provider, newest first, kept ${providerExportKeepDays} days.`,
      failures: { 404: notMember },
    }),
    handler: async (request) => {
      const items = await listProviderExportJobs(
        app.db,
        requirePrincipal(request),
        request.params.providerId,
      );
      return { items };
    },
  });

  app.route({
    ...operationRoute(operations.downloadProviderExport, {
      tags,
      summary: 'Download a background export',
      description:
        'Only the person who asked for it; anyone else, or an export past its days, is a 404. Still being ' +
        'made, or failed: 409 `Conflict`.',
      failures: {
        404: notMember,
        409: ProblemDetailsSchema.meta({ description: 'Not ready: queued, running or failed (`Conflict`).' }),
      },
      config: fileTypes,
    }),
    handler: async (request, reply) => {
      const file = await findProviderExportFile(
        app.db,
        requirePrincipal(request),
        request.params.providerId,
        request.params.exportId,
      );
      return fileHeaders(reply, file.fileName, file.contentType)
        .header('content-length', file.size)
        .send(Readable.from(file.content));
    },
  });
};
