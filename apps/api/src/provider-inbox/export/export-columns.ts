import { readFileSync } from 'node:fs';
import path from 'node:path';
import { businessTimeZone, type Locale, locales } from '@opora/contracts';
import { repoRoot } from '../../platform/config.ts';
import type { ProviderRequestRowRecord } from '../request-rows.ts';

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

/** A cell: text, a calendar date (`yyyy-MM-dd`), a moment, or nothing. */
export type ExportCell = string | { date: string } | { moment: Date } | null;

function text(value: string | null | undefined): string | null {
  return value ? neutralised(value) : null;
}

/** One exported row, in `exportColumnKeys` order. */
export function exportCells(row: ProviderRequestRowRecord, texts: ExportTexts): ExportCell[] {
  return [
    text(row.code),
    text(row.clientName),
    text(row.serviceName),
    text(texts.serviceTypes[row.serviceType] ?? row.serviceType),
    text(row.facilityName),
    row.date ? { date: row.date } : null,
    text(texts.statuses[row.status] ?? row.status),
    text(row.assigneeName),
    text(row.assigneeFacilityName),
    text(row.creator),
    { moment: row.createdDate },
    { moment: row.editedDate },
  ];
}

const offsetParts = new Intl.DateTimeFormat('en-US', {
  timeZone: businessTimeZone,
  timeZoneName: 'longOffset',
});
const hourMs = 3_600_000;
/** Prague's UTC offset by hour (rows come sorted, so nearly every lookup is a hit); bounded. */
const offsetByHour = new Map<number, number>();

/** Prague's offset from UTC at `moment`, in minutes (60 in winter, 120 in summer). */
export function pragueOffsetMinutes(moment: Date): number {
  const hour = Math.floor(moment.getTime() / hourMs);
  const known = offsetByHour.get(hour);
  if (known !== undefined) return known;
  const name = offsetParts.formatToParts(moment).find((part) => part.type === 'timeZoneName')?.value ?? '';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  const minutes = match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
  if (offsetByHour.size >= 10_000) offsetByHour.clear();
  offsetByHour.set(hour, minutes);
  return minutes;
}

/**
 * The wall-clock time in Prague as a `Date` whose UTC fields show it: spreadsheets have no time
 * zones, and exceljs writes a `Date`'s UTC value.
 */
export function pragueWallClock(moment: Date): Date {
  return new Date(moment.getTime() + pragueOffsetMinutes(moment) * 60_000);
}

const two = (value: number) => String(value).padStart(2, '0');

/** ISO 8601 with Prague's offset, e.g. `2026-11-24T09:05:00+01:00`. */
export function pragueIsoDateTime(moment: Date): string {
  const offset = pragueOffsetMinutes(moment);
  const local = new Date(moment.getTime() + offset * 60_000);
  const sign = offset < 0 ? '-' : '+';
  const absolute = Math.abs(offset);
  return (
    `${local.getUTCFullYear()}-${two(local.getUTCMonth() + 1)}-${two(local.getUTCDate())}` +
    `T${two(local.getUTCHours())}:${two(local.getUTCMinutes())}:${two(local.getUTCSeconds())}` +
    `${sign}${two(Math.floor(absolute / 60))}:${two(absolute % 60)}`
  );
}

/** Today in Prague (`yyyy-MM-dd`), for the file's name. */
export function pragueIsoDate(moment: Date): string {
  return pragueIsoDateTime(moment).slice(0, 10);
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
