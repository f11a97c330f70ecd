import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '@/lib/i18n/i18n.ts';
import { renderWithApp } from '@/testing/render.tsx';
import { type GridQuery, readGridQuery } from '../../utils/grid-search.ts';
import { noSelection, type Selection } from '../../utils/selection.ts';
import { ExportMenu } from './export-controls.tsx';

const providerId = '6a1f5d2e-4b7c-4e8a-9f0d-1c2b3a4d5e6f';
const plain = readGridQuery(new URLSearchParams());
const searched = readGridQuery(new URLSearchParams('client=novak'));

/** The export button's label, with the number formats' non-breaking spaces as plain ones. */
async function label(
  query: GridQuery,
  total: number,
  { totalExact = true, selection = noSelection }: { totalExact?: boolean; selection?: Selection } = {},
): Promise<string> {
  await i18n.loadNamespaces(['provider', 'errors', 'common']);
  await renderWithApp(
    <ExportMenu
      providerId={providerId}
      query={query}
      selection={selection}
      total={total}
      totalExact={totalExact}
    />,
  );
  const text = (screen.getByRole('button').textContent ?? '').replace(/\u00a0/g, ' ');
  cleanup();
  return text;
}

describe('the export button', () => {
  beforeAll(async () => {
    await initI18n('cs');
  });

  afterEach(async () => {
    await i18n.changeLanguage('cs');
  });

  it('exports everything without a filter, and says how many match with one (Czech forms)', async () => {
    expect(await label(plain, 4)).toBe('Exportovat vše');
    expect(await label(searched, 1)).toBe('Exportovat 1 odpovídající');
    expect(await label(searched, 3)).toBe('Exportovat všechny 3 odpovídající');
    expect(await label(searched, 5)).toBe('Exportovat všech 5 odpovídajících');
    expect(await label(readGridQuery(new URLSearchParams('status=new&assignedToMe=true')), 1234)).toBe(
      'Exportovat všech 1 234 odpovídajících',
    );
  });

  it('does not claim a count the grid stopped counting at', async () => {
    expect(await label(searched, 100, { totalExact: false })).toBe(
      'Exportovat všechny odpovídající (více než 100)',
    );
  });

  it('names a selection as selected, filtered or not', async () => {
    expect(await label(searched, 5, { selection: { kind: 'rows', ids: [providerId] } })).toBe(
      'Exportovat vybrané',
    );
    expect(await label(plain, 5, { selection: { kind: 'matching' } })).toBe('Exportovat vybrané');
  });

  it('says it in English and Slovak too', async () => {
    await i18n.changeLanguage('en');
    expect(await label(plain, 4)).toBe('Export all');
    expect(await label(searched, 1)).toBe('Export 1 matching');
    expect(await label(searched, 2)).toBe('Export all 2 matching');
    expect(await label(searched, 1000, { totalExact: false })).toBe('Export all matching (more than 1,000)');
    await i18n.changeLanguage('sk');
    expect(await label(searched, 1)).toBe('Exportovať 1 zodpovedajúci');
    expect(await label(searched, 4)).toBe('Exportovať všetky 4 zodpovedajúce');
    expect(await label(searched, 12)).toBe('Exportovať všetkých 12 zodpovedajúcich');
  });
});
