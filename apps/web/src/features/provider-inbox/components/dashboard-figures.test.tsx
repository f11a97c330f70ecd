import type { ProviderDashboard } from '@opora/contracts';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '@/lib/i18n/i18n.ts';
import { renderWithApp } from '@/testing/render.tsx';
import { DashboardFigures } from './dashboard-figures.tsx';

const noDeclines = {
  'no-capacity': 0,
  'waiting-list': 0,
  'outside-area': 0,
  'not-eligible': 0,
  'client-unreachable': 0,
  other: 0,
};

/** The demo provider's inbox as the seed leaves it: two new, one in progress, one declined (waiting list). */
const seeded: ProviderDashboard = {
  days: 30,
  byStatus: {
    new: 2,
    'in-progress': 1,
    'waiting-list': 0,
    accepted: 0,
    rejected: 1,
    withdrawn: 0,
    expired: 0,
  },
  medianHoursToFirstAnswer: 5,
  received: 4,
  answered: 2,
  outcomes: { accepted: 0, declined: { ...noDeclines, 'waiting-list': 1 }, expired: 0, withdrawn: 0 },
};

async function renderFigures(dashboard: ProviderDashboard, days: '30' | '90' = '30') {
  if (!i18n.isInitialized) await initI18n('cs');
  await i18n.loadNamespaces(['provider-dashboard', 'enums']);
  return renderWithApp(
    <MemoryRouter>
      <DashboardFigures dashboard={dashboard} days={days} />
    </MemoryRouter>,
  );
}

/** What a screen reader reads, with the number formats' non-breaking spaces as plain ones. */
function text(element: HTMLElement): string {
  return (element.textContent ?? '').replace(/\u00a0/g, ' ');
}

function row(table: HTMLElement, name: string): HTMLElement {
  const header = within(table).getByRole('rowheader', { name });
  const found = header.closest('tr');
  if (!found) throw new Error(`no row ${name}`);
  return found;
}

describe('the provider dashboard figures', () => {
  beforeAll(async () => {
    await initI18n('cs');
  });

  it('counts each status with a link to the grid filtered by it, and the share as text', async () => {
    await renderFigures(seeded);
    const table = screen.getByRole('table', { name: 'Poptávky podle stavu' });
    const fresh = within(row(table, 'Nová')).getByRole('link', {
      name: '2 – zobrazit poptávky ve stavu Nová',
    });
    expect(fresh.getAttribute('href')).toBe('/provider/requests?status=new');
    expect(text(row(table, 'Nová'))).toContain('50 %');
    // Nothing to open behind a zero.
    expect(within(row(table, 'Přijata')).queryByRole('link')).toBeNull();
    expect(text(row(table, 'Celkem'))).toContain('4');
  });

  it('says the median in words and how many of the period’s requests were answered', async () => {
    await renderFigures(seeded);
    expect(text(screen.getByRole('region', { name: 'Medián doby do první odpovědi' }))).toContain('5 hodin');
    const answered = screen.getByRole('region', { name: 'Zodpovězené poptávky' });
    expect(text(answered)).toContain('2 z 4');
    expect(text(answered)).toContain('50 % poptávek přijatých za posledních 30 dní.');
    const waiting = screen.getByRole('link', { name: 'Zobrazit od nejdéle čekající' });
    expect(waiting.getAttribute('href')).toBe('/provider/requests?status=new&sort=createdDate');
  });

  it('lists outcomes with the reasons that occurred, and says when none ended or none was answered', async () => {
    const view = await renderFigures(seeded, '90');
    const outcomes = screen.getByRole('table', { name: 'Jak poptávky skončily' });
    expect(text(row(outcomes, 'Zamítnuté'))).toContain('1');
    expect(text(row(outcomes, 'z toho: Jen s čekací dobou (pořadník je plný)'))).toContain('100 %');
    expect(within(outcomes).queryByText(/Nemáme volnou kapacitu/)).toBeNull();
    view.unmount();

    await renderFigures(
      {
        ...seeded,
        medianHoursToFirstAnswer: null,
        received: 0,
        answered: 0,
        outcomes: { accepted: 0, declined: noDeclines, expired: 0, withdrawn: 0 },
      },
      '90',
    );
    expect(screen.getByText('Zatím žádná zodpovězená poptávka')).toBeTruthy();
    expect(screen.getByText('Žádná poptávka nepřišla za posledních 90 dní.')).toBeTruthy();
    expect(screen.getByText('Žádná poptávka neskončila za posledních 90 dní.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Jak poptávky skončily' })).toBeNull();
  });

  it('shows the way to the inbox to a provider without any request', async () => {
    await renderFigures({
      ...seeded,
      byStatus: { ...seeded.byStatus, new: 0, 'in-progress': 0, rejected: 0 },
      medianHoursToFirstAnswer: null,
      received: 0,
      answered: 0,
      outcomes: { accepted: 0, declined: noDeclines, expired: 0, withdrawn: 0 },
    });
    expect(screen.getByRole('heading', { name: 'Zatím tu nejsou žádné poptávky' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Přejít na poptávky' }).getAttribute('href')).toBe(
      '/provider/requests',
    );
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('speaks English and Slovak with their own plural forms', async () => {
    await i18n.changeLanguage('en');
    try {
      const view = await renderFigures({ ...seeded, medianHoursToFirstAnswer: 28 });
      expect(text(screen.getByRole('region', { name: 'Median time to first answer' }))).toContain(
        '1 day 4 hours',
      );
      view.unmount();
      await i18n.changeLanguage('sk');
      await renderFigures({ ...seeded, medianHoursToFirstAnswer: 50 });
      expect(text(screen.getByRole('region', { name: 'Medián času do prvej odpovede' }))).toContain(
        '2 dni a 2 hodiny',
      );
    } finally {
      await i18n.changeLanguage('cs');
    }
  });
});
