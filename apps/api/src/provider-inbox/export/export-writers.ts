import type { Writable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import { constants as zlibConstants } from 'node:zlib';
import type { Locale, ProviderExportFormat } from '@opora/contracts';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import {
  type ExportRow,
  exportCells,
  exportColumnKeys,
  exportColumnKinds,
  exportTexts,
} from './export-columns.ts';

// The two file formats, written as rows arrive, never the whole file in memory: exceljs' streaming
// workbook writer and csv-stringify. Both wait whenever `output` is full (the client reads slowly),
// which stops the rows' cursor in turn.

export const exportContentTypes: Record<ProviderExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Rows of a file, in the grid's order, in batches read as the writer asks for them. */
export type ExportRowSource = AsyncIterable<readonly ExportRow[]>;

export interface ExportWrite {
  format: ProviderExportFormat;
  locale: Locale;
  rows: ExportRowSource;
  output: Writable;
}

/** The output went away (the client disconnected): the export stops. */
export class ExportAbortedError extends Error {
  constructor() {
    super('The export was stopped: its output closed');
    this.name = 'ExportAbortedError';
  }
}

/** Resolves when `stream` can take more, rejects when it closes or fails first. */
function drained(stream: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      stream.off('drain', onDrain);
      stream.off('close', onClose);
      stream.off('error', onClose);
    };
    const onDrain = () => {
      cleanup();
      resolve();
    };
    const onClose = () => {
      cleanup();
      reject(new ExportAbortedError());
    };
    stream.on('drain', onDrain);
    stream.on('close', onClose);
    stream.on('error', onClose);
  });
}

async function unlessFull(stream: Writable): Promise<void> {
  if (stream.destroyed) throw new ExportAbortedError();
  if (stream.writableNeedDrain) await drained(stream);
}

/** Rejects once `output` closes before it finished: nothing further will be read from it. */
function closedEarly(output: Writable): Promise<never> {
  return new Promise((_resolve, reject) => {
    if (output.destroyed && !output.writableFinished) reject(new ExportAbortedError());
    output.once('close', () => {
      if (!output.writableFinished) reject(new ExportAbortedError());
    });
  });
}

/**
 * Writes the file to `output` (ended when done); answers the number of rows written. Rejects with
 * `ExportAbortedError` as soon as `output` closes early, whatever the writer was waiting for.
 */
export function writeExport(write: ExportWrite): Promise<number> {
  const writing = write.format === 'xlsx' ? writeXlsx(write) : writeCsv(write);
  return Promise.race([writing, closedEarly(write.output)]);
}

/** Czech and Slovak Excel read `;` as the list separator (their decimal mark is the comma). */
const csvDelimiters: Record<Locale, string> = { cs: ';', sk: ';', en: ',' };

/** csv-stringify's options for the file; the bench's bare write uses the same. */
export function csvOptions(locale: Locale) {
  return { bom: true, delimiter: csvDelimiters[locale], record_delimiter: 'windows' } as const;
}

/** UTF-8 with a byte order mark (Excel then reads the letters), CRLF lines, every field as text. */
async function writeCsv({ locale, rows, output }: ExportWrite): Promise<number> {
  const texts = exportTexts(locale);
  const cells = exportCells(texts);
  const stringifier = stringify(csvOptions(locale));
  stringifier.pipe(output);
  const ended = new Promise<void>((resolve, reject) => {
    stringifier.once('end', resolve);
    stringifier.once('error', reject);
  });
  output.once('close', () => stringifier.destroy());
  let count = 0;
  try {
    stringifier.write(exportColumnKeys.map((key) => texts.columns[key]));
    for await (const batch of rows) {
      for (const row of batch) {
        if (output.destroyed) throw new ExportAbortedError();
        if (!stringifier.write(cells(row))) await drained(stringifier);
        count += 1;
      }
    }
  } catch (error) {
    stringifier.destroy();
    throw error;
  }
  stringifier.end();
  await ended;
  return count;
}

const columnWidths: Record<(typeof exportColumnKeys)[number], number> = {
  code: 14,
  client: 28,
  service: 32,
  serviceType: 28,
  facility: 28,
  date: 12,
  status: 14,
  assignee: 24,
  assigneeTeam: 24,
  creator: 24,
  createdDate: 17,
  editedDate: 17,
};

const numberFormats = { date: 'dd.mm.yyyy', dateTime: 'dd.mm.yyyy hh:mm' } as const;

/**
 * exceljs' streaming writer's options for the file; the bench's bare write uses the same. The zip
 * compresses at deflate level 1 (best speed, compress-commons' default): level 6 would make 100,000
 * rows 7.2 MB instead of 9.4 MB for three times the compression. zlib hands its output on in 256 KiB
 * pieces instead of 16 KiB: each 64 KiB of sheet exceljs passes to the zip is compressed in one turn of
 * the thread pool rather than several, each of which waited for the event loop.
 */
export const xlsxWriterOptions = {
  useStyles: true,
  useSharedStrings: false,
  zip: { zlib: { level: zlibConstants.Z_BEST_SPEED, chunkSize: 256 * 1024 } },
} as const;

/** The sheet's columns: translated headers, widths, and the date columns' number formats. */
export function xlsxColumns(locale: Locale): Partial<ExcelJS.Column>[] {
  const texts = exportTexts(locale);
  return exportColumnKeys.map((key) => {
    const kind = exportColumnKinds[key];
    return {
      header: texts.columns[key],
      key,
      width: columnWidths[key],
      ...(kind === 'text' ? {} : { style: { numFmt: numberFormats[kind] } }),
    };
  });
}

/**
 * exceljs gives each new cell a style object of its own and looks a style's id up by the object,
 * serialising it again for every cell (half the time of writing a sheet). A cell given its column's
 * style object, the same for the whole column, is looked up once.
 */
export function shareColumnStyles(sheet: ExcelJS.Worksheet): (row: ExcelJS.Row) => void {
  const styles = exportColumnKeys.map((_key, index) => sheet.getColumn(index + 1).style);
  const share = (cell: ExcelJS.Cell, column: number) => {
    cell.style = styles[column - 1] as Partial<ExcelJS.Style>;
  };
  // An empty date cell (rare) keeps a style of its own: the same format, looked up the long way.
  return (row) => row.eachCell(share);
}

/**
 * Rows written between two turns of the event loop (each row is about 290 bytes of XML). A turn lets
 * the zip move the sheet on (zlib works in the thread pool, but is handed each piece from this thread)
 * and the cursor's next batch arrive while rows are written: every 100 rows, 100,000 rows took 2.1 s
 * against 2.5 s with a look at the zip every 200 rows and no turn (1.8 s for the bare write).
 */
const xlsxTurnEvery = 100;
/** Sheet XML the zip may hold uncompressed before the rows wait for it. */
const zipBacklogBytes = 1 << 20;

/** The stream the zip reads the sheet's XML from (a readable-stream `PassThrough` of archiver's). */
interface ZipEntryInput {
  _writableState?: { length: number };
  once(event: 'drain', listener: () => void): unknown;
  off(event: 'drain', listener: () => void): unknown;
}

/**
 * exceljs hands the sheet's XML to the zip without asking whether it has room (its `StreamBuf` drops
 * `write`'s answer), and the compressor gets a turn only when the event loop does: rows read from a
 * fast cursor outran it and the whole sheet piled up uncompressed (≈ 290 bytes a row; 475 MiB RSS at
 * 400,000 rows). The entry's input is found through exceljs 4.4.0's and archiver 5's internals
 * (`stream.pipes[0]`, pinned versions); `export-writers.test.ts` fails if an upgrade moves them.
 */
export function zipEntryInput(sheet: ExcelJS.Worksheet): ZipEntryInput | undefined {
  const pipes = (sheet as unknown as { stream?: { pipes?: unknown[] } }).stream?.pipes;
  const input = pipes?.[0] as ZipEntryInput | undefined;
  return input?._writableState === undefined ? undefined : input;
}

/** Resolves once the zip compressed what it holds of the sheet; rejects when `output` closes first. */
function zipCaughtUp(input: ZipEntryInput | undefined, output: Writable): Promise<void> {
  if (!input || (input._writableState?.length ?? 0) < zipBacklogBytes) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      input.off('drain', onDrain);
      output.off('close', onClose);
    };
    const onDrain = () => {
      cleanup();
      resolve();
    };
    const onClose = () => {
      cleanup();
      reject(new ExportAbortedError());
    };
    input.once('drain', onDrain);
    output.once('close', onClose);
  });
}

/**
 * One sheet with a bold, frozen header row; dates are date cells with a number format (`dd.mm.yyyy`,
 * date-times `dd.mm.yyyy hh:mm`, Prague time); strings inline (no shared-strings table to hold).
 */
async function writeXlsx({ locale, rows, output }: ExportWrite): Promise<number> {
  const texts = exportTexts(locale);
  const cells = exportCells(texts);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, ...xlsxWriterOptions });
  workbook.creator = 'Opora';
  const sheet = workbook.addWorksheet(texts.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = xlsxColumns(locale);
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  const styled = shareColumnStyles(sheet);
  const zipInput = zipEntryInput(sheet);
  let count = 0;
  try {
    for await (const batch of rows) {
      for (const row of batch) {
        const sheetRow = sheet.addRow(cells(row));
        styled(sheetRow);
        sheetRow.commit();
        count += 1;
        // exceljs writes on without asking whether the zip or the output has room: look now and then.
        if (count % xlsxTurnEvery === 0) {
          await setImmediate();
          await zipCaughtUp(zipInput, output);
          await unlessFull(output);
        }
      }
    }
    if (output.destroyed) throw new ExportAbortedError();
    sheet.commit();
    await workbook.commit();
  } catch (error) {
    (workbook as unknown as { zip?: { abort?: () => void } }).zip?.abort?.();
    throw error;
  }
  return count;
}
