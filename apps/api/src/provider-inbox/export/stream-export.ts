import { PassThrough, type Readable } from 'node:stream';
import { type ProviderExportSchema, providerExportDirectRowLimit } from '@opora/contracts';
import type { Db } from '@opora/db';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Principal } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { resolveProviderScope } from '../../platform/provider-scope.ts';
import { exportFileName, providerName } from './export-files.ts';
import { countSelection, openExportCursor } from './export-rows.ts';
import { ExportAbortedError, exportContentTypes, writeExport } from './export-writers.ts';

/** A client reading slower than this loses the download (the cursor holds a pooled connection). */
const directStatementTimeoutMs = 5 * 60_000;

/**
 * Streamed exports running at once in this process, each holding a pooled connection while its client
 * reads; more wait for none and are told to try again, so slow downloads never take the whole pool.
 */
export function directExportSlots(poolSize: number): number {
  return Math.max(1, Math.floor(poolSize / 3));
}

let running = 0;

export interface StreamedExport {
  fileName: string;
  contentType: string;
  /** The file as it is written; destroying it (the client left) stops the export and frees its connection. */
  body: Readable;
  /** Settles once the export stopped and its connection is back in the pool (tests, logs). */
  done: Promise<void>;
}

export interface StreamExportContext {
  db: Db;
  log: FastifyBaseLogger;
  now?: () => Date;
}

/**
 * `exportProviderCareRequests`: the selection as CSV or XLSX, written while its rows are read. More
 * than `providerExportDirectRowLimit` rows is refused (`ExportTooLarge`, 422) before anything is
 * sent: those run as a job.
 */
export async function streamProviderExport(
  context: StreamExportContext,
  principal: Principal,
  providerId: string,
  body: z.output<typeof ProviderExportSchema>,
): Promise<StreamedExport> {
  const { db } = context;
  const scope = await resolveProviderScope(db, principal, providerId);
  const count = await countSelection(db, scope, body.selection, providerExportDirectRowLimit + 1);
  if (count > providerExportDirectRowLimit) {
    throw new AppError(
      'ExportTooLarge',
      `The selection has more than ${providerExportDirectRowLimit} requests: export it as a job.`,
    );
  }
  const name = await providerName(db, providerId);
  if (running >= directExportSlots(db.$client.options.max ?? 10)) {
    throw new AppError('RateLimited', 'Other exports are being downloaded; try again in a moment.');
  }
  running += 1;
  let cursor: Awaited<ReturnType<typeof openExportCursor>>;
  try {
    cursor = await openExportCursor(db, scope, body.selection, {
      format: body.format,
      statementTimeoutMs: directStatementTimeoutMs,
    });
  } catch (error) {
    running -= 1;
    throw error;
  }
  const output = new PassThrough();
  const done = writeExport({ format: body.format, locale: body.locale, rows: cursor.rows, output })
    .then(
      () => undefined,
      (error: unknown) => {
        if (error instanceof ExportAbortedError) return;
        // Headers are sent by now: the response can only be cut short.
        context.log.error({ err: error }, 'provider export failed while streaming');
        output.destroy(error as Error);
      },
    )
    .finally(async () => {
      await cursor.close();
      running -= 1;
    });
  return {
    fileName: exportFileName(body.format, body.locale, name, context.now?.() ?? new Date()),
    contentType: exportContentTypes[body.format],
    body: output,
    done,
  };
}
