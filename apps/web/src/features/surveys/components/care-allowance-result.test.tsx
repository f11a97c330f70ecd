import { basicNeedQuestionName, basicNeeds, estimateCareAllowance, type Locale } from '@opora/contracts';
import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLocale, i18n, initI18n } from '@/lib/i18n/i18n.ts';
import { surveyNamespaces } from '@/shared-features/surveys/survey-question.tsx';
import { renderWithApp } from '@/testing/render.tsx';
import type { CareCountry } from '../utils/care-allowance-guidance.ts';
import { CareAllowanceResult } from './care-allowance-result.tsx';

/** The answers of the ten need questions: the first `needsHelp` need another person, the rest as given. */
function answers(needsHelp: number, rest: 'alone' | 'unanswered' = 'alone'): Record<string, string> {
  return Object.fromEntries(
    basicNeeds.flatMap((need, index) => {
      if (index < needsHelp) return [[basicNeedQuestionName(need), 'needs-help']];
      return rest === 'alone' ? [[basicNeedQuestionName(need), 'alone']] : [];
    }),
  );
}

async function renderResult(locale: Locale, given: Record<string, string>, country: CareCountry = 'CZ') {
  await changeLocale(locale);
  await i18n.loadNamespaces([...surveyNamespaces]);
  await renderWithApp(
    <CareAllowanceResult
      estimate={estimateCareAllowance(given)}
      country={country}
      onContinue={() => {}}
      onEdit={() => {}}
    />,
  );
  const section = screen.getByRole('heading', { name: neededTitle[locale] }).closest('section');
  if (!section) throw new Error('The needs have no section of their own');
  return section;
}

const neededTitle: Record<Locale, string> = {
  cs: 'Započítané potřeby',
  en: 'Needs counted',
  sk: 'Započítané potreby',
};

/** "The amounts shown are for adults…" of each language. */
const adultsNote: Record<Locale, RegExp> = {
  cs: /Uvedené částky platí pro dospělé/,
  en: /The amounts shown are for adults/,
  sk: /Uvedené sumy platia pre dospelých/,
};

describe('the care-allowance estimate', () => {
  beforeAll(async () => {
    if (!i18n.isInitialized) await initI18n('cs');
  });
  afterAll(async () => {
    await changeLocale('cs');
  });

  const noneMarkedAllAnswered: Record<Locale, string> = {
    cs: 'Podle odpovědí zvládá všech deset základních potřeb sám nebo jen s menší pomocí či pomůckami.',
    en: 'Going by the answers, they manage all ten basic needs on their own or with only a little help or aids.',
    sk: 'Podľa odpovedí zvláda všetkých desať základných potrieb sám alebo iba s menšou pomocou či pomôckami.',
  };
  it.each(Object.entries(noneMarkedAllAnswered) as [Locale, string][])(
    'with every need answered and none needing help, says so instead of an empty list (%s)',
    async (locale, text) => {
      const needs = await renderResult(locale, answers(0));
      expect(needs.textContent).toContain(text);
      // No sentence announcing a list that does not follow.
      expect(within(needs).queryByText(/:$/)).toBeNull();
      expect(needs.querySelector('ul')).toBeNull();
    },
  );

  const noneMarkedYet: Record<Locale, string> = {
    cs: 'Zatím jste u žádné potřeby neuvedli, že ji bez pomoci jiné osoby nezvládne.',
    en: 'You have not marked any need yet that they cannot manage without another person’s help.',
    sk: 'Zatiaľ ste pri žiadnej potrebe neuviedli, že ju bez pomoci inej osoby nezvládne.',
  };
  it.each(Object.entries(noneMarkedYet) as [Locale, string][])(
    'with no need marked and some unanswered, says none is marked yet and what is missing (%s)',
    async (locale, text) => {
      const needs = await renderResult(locale, answers(0, 'unanswered'));
      expect(needs.textContent).toContain(text);
      expect(needs.textContent).not.toContain(noneMarkedAllAnswered[locale]);
      expect(within(needs).queryByText(/:$/)).toBeNull();
      expect(needs.textContent).not.toMatch(/\b0\b/);
    },
  );

  it.each(['cs', 'en', 'sk'] as const)(
    'shows the note about adults’ amounts only beside an amount (%s)',
    async (locale) => {
      await renderResult(locale, answers(0));
      expect(screen.queryByText(adultsNote[locale])).toBeNull();
      document.body.innerHTML = '';

      await renderResult(locale, answers(5));
      expect(screen.getByText(adultsNote[locale])).toBeDefined();
    },
  );

  it('still lists the needs counted and the degree they point to', async () => {
    const needs = await renderResult('cs', answers(3));
    expect(needs.textContent).toContain('3 potřeby z deseti, které bez pomoci jiné osoby nezvládne:');
    expect(needs.querySelectorAll('li')).toHaveLength(3);
    expect(screen.getByText('Odpovědi odpovídají stupni I — lehká závislost')).toBeDefined();
  });

  it('in Slovakia shows no amount and no note about it, with no need marked either', async () => {
    const needs = await renderResult('sk', answers(0, 'unanswered'), 'SK');
    expect(needs.textContent).toContain(noneMarkedYet.sk);
    expect(screen.queryByText(adultsNote.sk)).toBeNull();
  });
});
