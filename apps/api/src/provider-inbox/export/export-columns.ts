import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Locale, locales } from '@opora/contracts';
import { repoRoot } from '../../platform/config.ts';

// What an exported row says: the grid's columns (SPEC §2) without "actions", plus the facility and
// the assignment, in the person's language. Cell values are built here once for both formats.

export const exportColumnKeys = [
  'code',
  'client',
  'service',
  'serviceType',
  'facility',
  'date',
  'status',
  'assignee',
  'assigneeTeam',
  'creator',
  'createdDate',
  'editedDate',
] as const;
export type ExportColumnKey = (typeof exportColumnKeys)[number];

/** How a column's cells are written: text (neutralised), a calendar date, or a moment (Prague time). */
export type ExportColumnKind = 'text' | 'date' | 'dateTime';

export const exportColumnKinds: Record<ExportColumnKey, ExportColumnKind> = {
  code: 'text',
  client: 'text',
  service: 'text',
  serviceType: 'text',
  facility: 'text',
  date: 'date',
  status: 'text',
  assignee: 'text',
  assigneeTeam: 'text',
  creator: 'text',
  createdDate: 'dateTime',
  editedDate: 'dateTime',
};

export interface ExportTexts {
  /** `emails:providerExport` of the locale: headers, the sheet's and the file's name. */
  sheet: string;
  filePrefix: string;
  columns: Record<ExportColumnKey, string>;
  statuses: Record<string, string>;
  serviceTypes: Record<string, string>;
}

function readNamespace(locale: Locale, namespace: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(repoRoot, 'locales', locale, `${namespace}.json`), 'utf8'));
}

function loadTexts(locale: Locale): ExportTexts {
  const exportTexts = readNamespace(locale, 'emails').providerExport as {
    sheet: string;
    filePrefix: string;
    columns: Record<ExportColumnKey, string>;
  };
  return {
    sheet: exportTexts.sheet,
    filePrefix: exportTexts.filePrefix,
    columns: exportTexts.columns,
    // The names the web app shows for statuses and service types (the same files).
    statuses: readNamespace(locale, 'enums').careRequestStatus as Record<string, string>,
    serviceTypes: readNamespace(locale, 'catalogue').serviceTypes as Record<string, string>,
  };
}

let textsByLocale: Record<Locale, ExportTexts> | undefined;

/** The export's texts in `locale` (read from `locales/` once). */
export function exportTexts(locale: Locale): ExportTexts {
  textsByLocale ??= Object.fromEntries(locales.map((each) => [each, loadTexts(each)])) as Record<
    Locale,
    ExportTexts
  >;
  return textsByLocale[locale];
}

const formulaTriggers = new Set(['=', '+', '-', '@', '\t', '\r']);

/**
 * A text a spreadsheet will not run: one starting with `=`, `+`, `-`, `@`, tab or carriage return
 * gets a leading apostrophe (OWASP, CSV injection). Names and services are typed by other people,
 * so every text cell goes through here.
 */
export function neutralised(text: string): string {
  return text.length > 0 && formulaTriggers.has(text.charAt(0)) ? `'${text}` : text;
}

/**
 * A row as the export's cursor reads it (`export-rows.ts`), in `exportColumnKeys` order: texts as
 * stored (or null), the service type and the status as codes, and the dates as the file writes them,
 * formatted by PostgreSQL — XLSX: Excel serial numbers (Prague wall clock); CSV: `yyyy-MM-dd` and
 * ISO 8601 with Prague's offset.
 */
export type ExportRow = readonly (string | number | null)[];

/**
 * A row's cell values, in `exportColumnKeys` order: the texts translated and neutralised, the dates as
 * read. An empty text is `undefined` — no cell at all (exceljs writes nothing for it either way, and
 * skips the work of an empty cell); an empty date stays `null`, a cell that keeps its date format.
 */
export type ExportCells = (row: ExportRow) => ExportCellValue[];
export type ExportCellValue = string | number | null | undefined;

function text(value: string | number | null): string | undefined {
  return value ? neutralised(String(value)) : undefined;
}

/** How each column's value becomes its cell, for one language. */
export function exportCells(texts: ExportTexts): ExportCells {
  const labelled = (labels: Record<string, string>) => (value: string | number | null) =>
    value === null ? undefined : text(labels[value] ?? value);
  const cells = exportColumnKeys.map((key) => {
    if (key === 'serviceType') return labelled(texts.serviceTypes);
    if (key === 'status') return labelled(texts.statuses);
    return exportColumnKinds[key] === 'text' ? text : (value: string | number | null) => value;
  });
  return (row) => {
    const values = new Array<ExportCellValue>(cells.length);
    for (let index = 0; index < cells.length; index++) {
      values[index] = (cells[index] as (typeof cells)[number])(row[index] ?? null);
    }
    return values;
  };
}

/** `Domov U Lípy, o.p.s.` → `domov-u-lipy-o-p-s`: letters without accents, digits and hyphens. */
export function asciiSlug(value: string, maxLength = 60): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, maxLength)
    .replace(/^-+|-+$/g, '');
}
