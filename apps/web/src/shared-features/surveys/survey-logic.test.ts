import { type SurveyDocument, SurveyDocumentSchema } from '@opora/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n, loadNamespaces } from '@/lib/i18n/i18n.ts';
import { resumePageIndex, savableAnswers, validatePage } from './survey-logic.ts';
import { progressText } from './texts.ts';

const text = (cs: string) => ({ cs, en: cs, sk: cs });

const document: SurveyDocument = SurveyDocumentSchema.parse({
  title: text('Test'),
  pages: [
    {
      name: 'about',
      title: text('O vás'),
      questions: [{ name: 'living', type: 'text', title: text('Bydlení'), maxLength: 5 }],
    },
    {
      name: 'needs',
      title: text('Potřeby'),
      questions: [
        {
          name: 'mobility',
          type: 'single',
          title: text('Pohyb'),
          required: true,
          choices: [
            { value: 'alone', label: text('Sám') },
            { value: 'help', label: text('S pomocí') },
          ],
        },
        {
          name: 'aid',
          type: 'number',
          title: text('Hodin'),
          max: 24,
          visibleIf: { question: 'mobility', anyOf: ['help'] },
        },
      ],
    },
    {
      name: 'end',
      title: text('Konec'),
      questions: [{ name: 'note', type: 'text', title: text('Poznámka') }],
    },
  ],
});

describe('questionnaire rules', () => {
  it('resumes after the last answered page, or earlier where a required answer is missing', () => {
    expect(resumePageIndex(document, {})).toBe(0);
    // A page of optional questions left blank does not hold the person back.
    expect(resumePageIndex(document, { mobility: 'alone' })).toBe(2);
    expect(resumePageIndex(document, { living: 'byt' })).toBe(1);
    expect(resumePageIndex(document, { living: 'byt', note: 'x' })).toBe(1);
    expect(resumePageIndex(document, { mobility: 'alone', note: 'x' })).toBe(2);
  });

  it('saves what is valid as the person goes, leaving out a value still being corrected and hidden answers', () => {
    expect(savableAnswers(document, { living: 'byt', mobility: 'help', aid: 30 })).toEqual({
      living: 'byt',
      mobility: 'help',
    });
    expect(savableAnswers(document, { living: 'dlouhý text', mobility: 'alone', aid: 3 })).toEqual({
      mobility: 'alone',
    });
  });

  it("checks only the page's questions, with the parameters of each message", () => {
    expect(validatePage(document, { living: 'dlouhý text' }, 1)).toEqual({
      mobility: expect.objectContaining({ code: 'required', property: 'mobility' }),
    });
    expect(validatePage(document, { living: 'dlouhý text' }, 0)).toEqual({
      living: expect.objectContaining({ code: 'maxLength', parameters: { count: 5 } }),
    });
    expect(validatePage(document, { mobility: 'help', aid: 30 }, 1)).toEqual({
      aid: expect.objectContaining({ code: 'max', parameters: { max: 24 } }),
    });
  });
});

describe('progress line', () => {
  beforeAll(async () => {
    await initI18n('cs');
    await loadNamespaces(['surveys']);
    // The namespace's other languages (loaded with the ones already in use).
    await i18n.loadLanguages(['sk']);
  });

  it('chooses the preposition as the number is said', () => {
    const t = i18n.getFixedT('cs', 'surveys');
    expect([4, 5, 7].map((total) => progressText(t as never, 'cs', 1, total))).toEqual([
      'Část 1 ze 4',
      'Část 1 z 5',
      'Část 1 ze 7',
    ]);
    const sk = i18n.getFixedT('sk', 'surveys');
    expect([3, 4].map((total) => progressText(sk as never, 'sk', 2, total))).toEqual([
      'Časť 2 z 3',
      'Časť 2 zo 4',
    ]);
  });
});
