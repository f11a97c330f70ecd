import { describe, expect, it } from 'vitest';
import { exportCells, exportColumnKeys, exportTexts, neutralised } from './export-columns.ts';

describe('an exported row’s cells', () => {
  const row = [
    'OP-000042',
    '=HYPERLINK("https://evil.example") Nováková',
    'Pečovatelská služba Lípa',
    'home-care-service',
    'Domov Lípa',
    46357,
    'in-progress',
    null,
    '',
    '@admin',
    46022.3375,
    46022.3375,
  ] as const;

  it('translates the service type and the status, neutralises texts and keeps the dates as read', () => {
    expect(row).toHaveLength(exportColumnKeys.length);
    expect(exportCells(exportTexts('cs'))(row)).toEqual([
      'OP-000042',
      `'=HYPERLINK("https://evil.example") Nováková`,
      'Pečovatelská služba Lípa',
      'Pečovatelská služba',
      'Domov Lípa',
      46357,
      'Řeší se',
      undefined,
      undefined,
      "'@admin",
      46022.3375,
      46022.3375,
    ]);
    expect(exportCells(exportTexts('en'))(row)[6]).toBe('In progress');
  });

  it('leaves an empty text out and keeps an empty date a cell', () => {
    const empty = [...row];
    empty[5] = null;
    const cells = exportCells(exportTexts('sk'))(empty);
    expect(cells[5]).toBeNull();
    expect(cells[7]).toBeUndefined();
    expect(cells[8]).toBeUndefined();
  });

  it('neutralises every formula trigger and nothing else', () => {
    for (const text of ['=1+1', '+420', '-2', '@SUM(A1)', '\tx', '\rx']) {
      expect(neutralised(text)).toBe(`'${text}`);
    }
    for (const text of ['', 'Nováková', "'=1", ' =1', '1-2']) expect(neutralised(text)).toBe(text);
  });
});
