import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { ExportRow } from './export-columns.ts';
import { writeExport, zipEntryInput } from './export-writers.ts';

function discard(): Writable {
  return new Writable({
    write(_chunk, _encoding, callback) {
      callback();
    },
  });
}

/** A row as the cursor reads it for XLSX: the dates as Excel serial numbers. */
function row(index: number): ExportRow {
  const serial = 25569 + (Date.UTC(2026, 0, 1) + index * 60_000) / 86_400_000;
  return [
    `OP-${String(index).padStart(6, '0')}`,
    `Marie Dvořáková ${index}`,
    'Pečovatelská služba Lípa',
    'home-care',
    'Domov Lípa',
    46357,
    'new',
    null,
    null,
    'Jana Nováková',
    serial,
    serial,
  ];
}

describe('the XLSX writer’s back-pressure', () => {
  it('finds the zip entry’s input of exceljs’ streaming worksheet (pinned exceljs and archiver)', () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: discard(), useSharedStrings: false });
    const sheet = workbook.addWorksheet('Poptávky');
    sheet.columns = [{ header: 'Kód', key: 'code' }];
    sheet.getRow(1).commit();
    const input = zipEntryInput(sheet);
    expect(input).toBeDefined();
    expect(input?._writableState?.length).toBeTypeOf('number');
  });

  it('lets the zip keep up with rows that come faster than it compresses', async () => {
    // Without waiting for the zip, exceljs piled the sheet's XML (≈ 290 bytes a row) in its input:
    // the file only came out at the end, and memory grew with the rows. Compressed, a row is ≈ 55
    // bytes, and at most 1 MiB of XML (≈ 3,600 rows) waits: by row 40,000 most of the file is out.
    let written = 0;
    const output = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        written += chunk.byteLength;
        callback();
      },
    });
    let writtenAtRow40k = 0;
    async function* rows() {
      for (let index = 0; index < 50_000; index += 500) {
        if (index === 40_000) writtenAtRow40k = written;
        yield Array.from({ length: 500 }, (_, offset) => row(index + offset));
      }
    }
    const count = await writeExport({ format: 'xlsx', locale: 'cs', rows: rows(), output });
    expect(count).toBe(50_000);
    expect(writtenAtRow40k).toBeGreaterThan(1_000_000);
    expect(written).toBeGreaterThan(writtenAtRow40k);
  });
});
