import {
  basicNeedLevels,
  basicNeedQuestionName,
  basicNeeds,
  helpNeededQuestionName,
  helpNeededValues,
  type LocalizedText,
  locales,
  SurveyDocumentSchema,
  surveyAnswersSchema,
  surveyQuestions,
} from '@opora/contracts';
import { describe, expect, it } from 'vitest';
import { caseSurveyV1 } from './case-survey.ts';
import { extendedCaseSurveyV1 } from './extended-case-survey.ts';
import { platformSurveyDefinitions } from './index.ts';

/** Every localized text of a document, with where it is. */
function texts(value: unknown, path = ''): [string, LocalizedText][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => texts(item, `${path}.${index}`));
  if (typeof value !== 'object' || value === null) return [];
  if (locales.every((locale) => typeof (value as Record<string, unknown>)[locale] === 'string')) {
    return [[path, value as LocalizedText]];
  }
  return Object.entries(value).flatMap(([key, item]) => texts(item, `${path}.${key}`));
}

describe('platform questionnaires', () => {
  it('are valid documents, written with every default, so what is stored is what the code says', () => {
    for (const entry of platformSurveyDefinitions) {
      expect(SurveyDocumentSchema.parse(entry.document), entry.code).toEqual(entry.document);
      expect(entry.code).toBe(`${entry.type}-v${entry.version}`);
    }
    expect(new Set(platformSurveyDefinitions.map((entry) => entry.code)).size).toBe(
      platformSurveyDefinitions.length,
    );
  });

  it('give every text in cs, en and sk, trimmed, without doubled spaces or straight apostrophes in English', () => {
    for (const document of [extendedCaseSurveyV1, caseSurveyV1]) {
      for (const [path, text] of texts(document)) {
        for (const locale of locales) {
          const value = text[locale];
          expect(value, `${path}.${locale}`).toBe(value.trim());
          expect(value, `${path}.${locale}`).not.toMatch(/ {2}|'/);
        }
      }
    }
  });

  it('ask the ten basic needs of the care allowance, required, each with what it covers and three answers', () => {
    const questions = surveyQuestions(extendedCaseSurveyV1);
    for (const need of basicNeeds) {
      const question = questions.find((each) => each.name === basicNeedQuestionName(need));
      expect(question, need).toMatchObject({ type: 'single', required: true });
      expect(question?.description, need).toBeDefined();
      expect(question && 'choices' in question && question.choices.map((choice) => choice.value)).toEqual([
        ...basicNeedLevels,
      ]);
    }
    // Only the needs are required: the context questions may stay empty.
    expect(questions.filter((question) => question.required).map((question) => question.name)).toHaveLength(
      10,
    );
    const pages = extendedCaseSurveyV1.pages.map((page) => page.name);
    expect(new Set(pages).size).toBe(pages.length);
  });

  it('ask the degree of the care allowance only of those who receive it', () => {
    const schema = surveyAnswersSchema(extendedCaseSurveyV1, { complete: false });
    expect(schema.parse({ 'care-allowance': 'yes', 'care-allowance-degree': 'degree-3' })).toEqual({
      'care-allowance': 'yes',
      'care-allowance-degree': 'degree-3',
    });
    expect(schema.parse({ 'care-allowance': 'applied', 'care-allowance-degree': 'degree-3' })).toEqual({
      'care-allowance': 'applied',
    });
  });

  it('ask what help is needed with exactly the values the service pool maps to service types', () => {
    const questions = surveyQuestions(caseSurveyV1);
    const helpNeeded = questions.find((question) => question.name === helpNeededQuestionName);
    expect(helpNeeded).toMatchObject({ type: 'multiple', required: true });
    expect(helpNeeded && 'choices' in helpNeeded && helpNeeded.choices.map((choice) => choice.value)).toEqual(
      helpNeededValues,
    );
    expect(questions.map((question) => [question.name, question.type])).toEqual([
      ['help-needed', 'multiple'],
      ['place', 'single'],
      ['home-nursing-prescribed', 'boolean'],
      ['frequency', 'single'],
      ['start-date', 'date'],
      ['urgency', 'single'],
      ['budget', 'number'],
      ['notes', 'text'],
    ]);
  });

  it('ask about a doctor’s prescription only when nursing at home is wanted', () => {
    const complete = surveyAnswersSchema(caseSurveyV1, { complete: true });
    const answers = {
      'help-needed': ['personal-care-at-home', 'nursing-at-home'],
      place: 'home',
      'home-nursing-prescribed': true,
      frequency: 'daily',
      'start-date': '2026-12-01',
      urgency: 'within-weeks',
      budget: 6000,
      notes: '  Maminka ráda vstává pozdě.\nPejska má ráda. ',
    };
    expect(complete.parse(answers)).toEqual({
      ...answers,
      notes: 'Maminka ráda vstává pozdě.\nPejska má ráda.',
    });
    expect(complete.parse({ ...answers, 'help-needed': ['advice'] })).not.toHaveProperty(
      'home-nursing-prescribed',
    );
    expect(complete.safeParse({ 'help-needed': ['advice'] }).success).toBe(false);
  });
});
