import { describe, expect, it } from 'vitest';
import { toErrorDetails } from '../validation/error-details.ts';
import {
  isQuestionVisible,
  type SurveyDocument,
  SurveyDocumentSchema,
  surveyAnswersSchema,
  surveyQuestions,
} from './survey-document.ts';

const text = (value: string) => ({ cs: value, en: value, sk: value });

/** A questionnaire with one question of each type; `pet-name` is shown only to pet owners. */
const document = {
  title: text('Test'),
  pages: [
    {
      name: 'first',
      title: text('First'),
      questions: [
        {
          name: 'pets',
          type: 'multiple',
          required: true,
          exclusive: 'none',
          title: text('Pets'),
          choices: [
            { value: 'dog', label: text('Dog') },
            { value: 'cat', label: text('Cat') },
            { value: 'none', label: text('None') },
          ],
        },
        {
          name: 'pet-name',
          type: 'text',
          required: true,
          visibleIf: { question: 'pets', anyOf: ['dog', 'cat'] },
          title: text('Name'),
        },
        {
          name: 'size',
          type: 'single',
          title: text('Size'),
          choices: [
            { value: 'small', label: text('Small') },
            { value: 'big', label: text('Big') },
          ],
        },
      ],
    },
    {
      name: 'second',
      title: text('Second'),
      questions: [
        { name: 'since', type: 'date', min: '2000-01-01', max: '2030-12-31', title: text('Since') },
        { name: 'cost', type: 'number', min: 0, max: 1000, unit: text('CZK'), title: text('Cost') },
        { name: 'indoor', type: 'boolean', title: text('Indoor') },
        { name: 'story', type: 'text', multiline: true, maxLength: 20, title: text('Story') },
      ],
    },
  ],
};

const parsedDocument: SurveyDocument = SurveyDocumentSchema.parse(document);

function problems(complete: boolean, answers: unknown) {
  const result = surveyAnswersSchema(parsedDocument, { complete }).safeParse(answers);
  return result.success
    ? []
    : toErrorDetails(result.error).map((detail) => `${detail.property} ${detail.code}`);
}

describe('SurveyDocumentSchema', () => {
  it('fills in the defaults: optional questions, single-line text of up to 1000 characters', () => {
    const questions = surveyQuestions(parsedDocument);
    expect(questions.find((question) => question.name === 'size')?.required).toBe(false);
    expect(questions.find((question) => question.name === 'pet-name')).toMatchObject({
      multiline: false,
      maxLength: 1000,
    });
  });

  it('needs every text in cs, en and sk', () => {
    const result = SurveyDocumentSchema.safeParse({ ...document, title: { cs: 'Test', en: 'Test' } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['title', 'sk']);
  });

  it('refuses a question name used twice, even on another page', () => {
    const twice = structuredClone(document) as { pages: { questions: object[] }[] };
    twice.pages[1]?.questions.push({ name: 'size', type: 'boolean', title: text('Again') });
    const result = SurveyDocumentSchema.safeParse(twice);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ message: 'validation:unique', path: ['pages'] }),
    ]);
  });

  it('refuses a condition on a later or unknown question, on one without choices, or on a choice it lacks', () => {
    const condition = (visibleIf: unknown, extra: object[] = []) => {
      const changed = structuredClone(document) as { pages: { questions: object[] }[] };
      changed.pages[1]?.questions.push(...extra, {
        name: 'late',
        type: 'boolean',
        title: text('Late'),
        visibleIf,
      });
      return SurveyDocumentSchema.safeParse(changed).error?.issues.map((issue) => issue.message);
    };
    expect(condition({ question: 'pets', anyOf: ['cat'] })).toBeUndefined();
    expect(condition({ question: 'unknown', anyOf: ['cat'] })).toEqual(['validation:invalidOption']);
    expect(condition({ question: 'indoor', anyOf: ['true'] })).toEqual(['validation:invalidOption']);
    expect(condition({ question: 'pets', anyOf: ['bird'] })).toEqual(['validation:invalidOption']);

    const earlier = structuredClone(document) as { pages: { questions: object[] }[] };
    earlier.pages[0]?.questions.unshift({
      name: 'first-of-all',
      type: 'boolean',
      title: text('First'),
      visibleIf: { question: 'size', anyOf: ['big'] },
    });
    expect(SurveyDocumentSchema.safeParse(earlier).success).toBe(false);
  });

  it('takes names and choice values as lower-case identifiers only', () => {
    const renamed = structuredClone(document) as { pages: { name: string }[] };
    if (renamed.pages[0]) renamed.pages[0].name = 'First page';
    expect(SurveyDocumentSchema.safeParse(renamed).success).toBe(false);
  });

  it('needs at least one page, a question on each, and two choices in a choice question', () => {
    expect(SurveyDocumentSchema.safeParse({ title: text('Empty'), pages: [] }).success).toBe(false);
    const single = structuredClone(document) as { pages: { questions: { choices?: object[] }[] }[] };
    single.pages[0]?.questions[2]?.choices?.pop();
    expect(SurveyDocumentSchema.safeParse(single).success).toBe(false);
  });
});

describe('isQuestionVisible', () => {
  const petName = surveyQuestions(parsedDocument).find((question) => question.name === 'pet-name')!;

  it('shows a conditional question while its question’s answer is, or includes, one of the values', () => {
    expect(isQuestionVisible(petName, {})).toBe(false);
    expect(isQuestionVisible(petName, { pets: ['none'] })).toBe(false);
    expect(isQuestionVisible(petName, { pets: ['none', 'cat'] })).toBe(true);
    expect(isQuestionVisible(petName, { pets: 'dog' })).toBe(true);
  });
});

describe('surveyAnswersSchema', () => {
  const complete = {
    pets: ['dog'],
    'pet-name': '  Alík ',
    size: 'small',
    since: '2020-05-01',
    cost: 250,
    indoor: true,
    story: 'Line one\nline two',
  };

  it('takes complete answers, trimming text', () => {
    expect(surveyAnswersSchema(parsedDocument, { complete: true }).parse(complete)).toEqual({
      ...complete,
      'pet-name': 'Alík',
    });
  });

  it('takes a draft with whatever is answered so far, and an empty one', () => {
    expect(problems(false, {})).toEqual([]);
    expect(problems(false, { size: 'big' })).toEqual([]);
    expect(
      surveyAnswersSchema(parsedDocument, { complete: false }).parse({ size: 'big', story: '   ' }),
    ).toEqual({
      size: 'big',
    });
  });

  it('needs every visible required question when complete, and only the visible ones', () => {
    expect(problems(true, {})).toEqual(['pets required']);
    expect(problems(true, { pets: [] })).toEqual(['pets required']);
    expect(problems(true, { pets: ['cat'] })).toEqual(['pet-name required']);
    expect(problems(true, { pets: ['cat'], 'pet-name': '   ' })).toEqual(['pet-name required']);
    expect(problems(true, { pets: ['none'] })).toEqual([]);
  });

  it('drops answers to hidden questions without checking them', () => {
    expect(
      surveyAnswersSchema(parsedDocument, { complete: true }).parse({
        pets: ['none'],
        'pet-name': 'x'.repeat(5000),
      }),
    ).toEqual({ pets: ['none'] });
  });

  it('refuses unknown questions and names each problem by its question', () => {
    expect(problems(false, { colour: 'red', size: 'huge' })).toEqual([
      'colour unrecognizedKeys',
      'size invalidOption',
    ]);
  });

  it('checks each type: choices, exclusive choice, repeats, dates, numbers, yes/no and text', () => {
    expect(problems(false, { pets: ['dog', 'none'] })).toEqual(['pets invalidOption']);
    expect(problems(false, { pets: ['dog', 'dog'] })).toEqual(['pets invalidOption']);
    expect(problems(false, { pets: 'dog' })).toEqual(['pets invalid']);
    expect(problems(false, { size: ['small'] })).toEqual(['size invalidOption']);
    expect(problems(false, { since: '1999-12-31' })).toEqual(['since dateMin']);
    expect(problems(false, { since: '2031-01-01' })).toEqual(['since dateMax']);
    expect(problems(false, { since: '2020-02-30' })).toEqual(['since dateFormat']);
    expect(problems(false, { cost: -1 })).toEqual(['cost min']);
    expect(problems(false, { cost: 1001 })).toEqual(['cost max']);
    expect(problems(false, { cost: '250' })).toEqual(['cost number']);
    expect(problems(false, { indoor: 'yes' })).toEqual(['indoor invalidOption']);
    expect(problems(false, { story: 'x'.repeat(21) })).toEqual(['story maxLength']);
  });

  it('refuses control characters and broken UTF-16 in text; line breaks only in multi-line text', () => {
    expect(problems(false, { story: 'a\u0000b' })).toEqual(['story unsupportedCharacters']);
    expect(problems(false, { story: 'a\uD800' })).toEqual(['story unsupportedCharacters']);
    expect(problems(false, { story: 'one\r\n\ttwo' })).toEqual([]);
    expect(problems(false, { pets: ['cat'], 'pet-name': 'Mi\nna' })).toEqual([
      'pet-name unsupportedCharacters',
    ]);
  });
});
