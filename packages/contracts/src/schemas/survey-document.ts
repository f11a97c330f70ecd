import { z } from 'zod';
import { locales } from '../enums.ts';
import { hasUnsupportedCharacters, isoDate } from '../validation/fields.ts';
import { validationKey } from '../validation/keys.ts';

/**
 * The questionnaire format (docs/surveys.md): a document of pages of questions, each text given in
 * cs, en and sk. The web app renders it with Mantine inputs; the API validates answers against it
 * with the schema `surveyAnswersSchema` builds from the same document, so both sides agree.
 */

/** A text in every interface language. */
export const LocalizedTextSchema = z.object(
  Object.fromEntries(locales.map((locale) => [locale, z.string().min(1).max(2000)])) as Record<
    (typeof locales)[number],
    z.ZodString
  >,
);
export type LocalizedText = z.infer<typeof LocalizedTextSchema>;

/** Names of questions and choice values: stable identifiers answers are stored under. */
const NameSchema = z.string().regex(/^[a-z][a-z0-9-]{0,62}$/);

export const SurveyChoiceSchema = z.object({
  value: NameSchema,
  label: LocalizedTextSchema,
  description: LocalizedTextSchema.optional(),
});
export type SurveyChoice = z.infer<typeof SurveyChoiceSchema>;

/** Shown only while another question's answer is (or includes) one of the values. */
export const VisibleIfSchema = z.object({ question: NameSchema, anyOf: z.array(NameSchema).min(1) });
export type VisibleIf = z.infer<typeof VisibleIfSchema>;

const questionBase = {
  name: NameSchema,
  title: LocalizedTextSchema,
  description: LocalizedTextSchema.optional(),
  required: z.boolean().default(false),
  visibleIf: VisibleIfSchema.optional(),
};

export const SurveyQuestionSchema = z.discriminatedUnion('type', [
  z.object({ ...questionBase, type: z.literal('single'), choices: z.array(SurveyChoiceSchema).min(2) }),
  z.object({
    ...questionBase,
    type: z.literal('multiple'),
    choices: z.array(SurveyChoiceSchema).min(2),
    /** A choice that excludes the others ("none of these"). */
    exclusive: NameSchema.optional(),
  }),
  z.object({
    ...questionBase,
    type: z.literal('text'),
    multiline: z.boolean().default(false),
    maxLength: z.number().int().min(1).max(5000).default(1000),
  }),
  z.object({
    ...questionBase,
    type: z.literal('date'),
    min: z.iso.date().optional(),
    max: z.iso.date().optional(),
  }),
  z.object({
    ...questionBase,
    type: z.literal('number'),
    min: z.number().optional(),
    max: z.number().optional(),
    /** Shown after the input ("CZK per month"). */
    unit: LocalizedTextSchema.optional(),
  }),
  z.object({ ...questionBase, type: z.literal('boolean') }),
]);
export type SurveyQuestion = z.infer<typeof SurveyQuestionSchema>;
export type SurveyQuestionType = SurveyQuestion['type'];

export const SurveyPageSchema = z.object({
  name: NameSchema,
  title: LocalizedTextSchema,
  description: LocalizedTextSchema.optional(),
  questions: z.array(SurveyQuestionSchema).min(1),
});
export type SurveyPage = z.infer<typeof SurveyPageSchema>;

/**
 * A whole questionnaire. Question names are unique across pages, and a `visibleIf` names an earlier
 * question's choices.
 */
export const SurveyDocumentSchema = z
  .object({
    title: LocalizedTextSchema,
    description: LocalizedTextSchema.optional(),
    pages: z.array(SurveyPageSchema).min(1),
  })
  .superRefine((document, ctx) => {
    const seen = new Map<string, SurveyQuestion>();
    for (const question of surveyQuestions(document)) {
      if (seen.has(question.name)) {
        ctx.addIssue({
          code: 'custom',
          message: validationKey('unique'),
          path: ['pages'],
          input: question.name,
        });
      }
      const condition = question.visibleIf;
      const target = condition ? seen.get(condition.question) : undefined;
      if (
        condition &&
        (!target ||
          !('choices' in target) ||
          !condition.anyOf.every((value) => target.choices.some((choice) => choice.value === value)))
      ) {
        ctx.addIssue({
          code: 'custom',
          message: validationKey('invalidOption'),
          path: ['pages'],
          input: question.name,
        });
      }
      seen.set(question.name, question);
    }
  })
  .meta({ id: 'SurveyDocument' });
export type SurveyDocument = z.infer<typeof SurveyDocumentSchema>;

/** An answer: a choice value, several, a text, a date (`yyyy-MM-dd`), a number or yes/no. */
export type SurveyAnswerValue = string | string[] | number | boolean;
export type SurveyAnswers = Record<string, SurveyAnswerValue>;
export const SurveyAnswersSchema = z
  .record(z.string(), z.union([z.string(), z.array(z.string()), z.number(), z.boolean()]))
  .meta({ id: 'SurveyAnswers' });

export function surveyQuestions(document: Pick<SurveyDocument, 'pages'>): SurveyQuestion[] {
  return document.pages.flatMap((page) => page.questions);
}

/** Is the question shown, given the answers so far? */
export function isQuestionVisible(
  question: SurveyQuestion,
  answers: Readonly<Record<string, unknown>>,
): boolean {
  const condition = question.visibleIf;
  if (!condition) return true;
  const answer = answers[condition.question];
  const given = Array.isArray(answer) ? answer : [answer];
  return given.some((value) => typeof value === 'string' && condition.anyOf.includes(value));
}

function answerSchema(question: SurveyQuestion): z.ZodType<SurveyAnswerValue> {
  switch (question.type) {
    case 'single':
      return z.enum(question.choices.map((choice) => choice.value) as [string, ...string[]], {
        error: validationKey('invalidOption'),
      });
    case 'multiple': {
      const values = question.choices.map((choice) => choice.value) as [string, ...string[]];
      const exclusive = question.exclusive;
      return z
        .array(z.enum(values, { error: validationKey('invalidOption') }))
        .refine((chosen) => new Set(chosen).size === chosen.length, validationKey('invalidOption'))
        .refine(
          (chosen) => !exclusive || !chosen.includes(exclusive) || chosen.length === 1,
          validationKey('invalidOption'),
        )
        .refine((chosen) => !question.required || chosen.length > 0, validationKey('required'));
    }
    case 'text':
      return z
        .string()
        .trim()
        .max(question.maxLength, validationKey('maxLength'))
        .refine(
          (text) => !hasUnsupportedCharacters(text, question.multiline ? 'multiline' : 'line'),
          validationKey('unsupportedCharacters'),
        );
    case 'date':
      return isoDate({
        ...(question.min ? { min: question.min } : {}),
        ...(question.max ? { max: question.max } : {}),
      });
    case 'number': {
      let schema = z.number({ error: validationKey('number') });
      if (question.min !== undefined) schema = schema.min(question.min, validationKey('min'));
      if (question.max !== undefined) schema = schema.max(question.max, validationKey('max'));
      return schema;
    }
    case 'boolean':
      return z.boolean({ error: validationKey('invalidOption') });
  }
}

function isAnswered(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/**
 * The schema answers to `document` must pass. Answers are keyed by question name; unknown names are
 * refused, answers to hidden questions are dropped. With `complete`, every visible required question
 * must be answered (sending the questionnaire); without, anything answered so far is checked (a
 * draft saved as the user goes). Issues land on the question's name.
 */
export function surveyAnswersSchema(
  document: Pick<SurveyDocument, 'pages'>,
  { complete }: { complete: boolean },
) {
  const questions = surveyQuestions(document);
  const byName = new Map(questions.map((question) => [question.name, question]));
  return z
    .record(z.string(), z.unknown())
    .superRefine((answers, ctx) => {
      for (const name of Object.keys(answers)) {
        if (!byName.has(name))
          ctx.addIssue({ code: 'custom', message: validationKey('unrecognizedKeys'), path: [name] });
      }
      for (const question of questions) {
        if (!isQuestionVisible(question, answers)) continue;
        const value = answers[question.name];
        if (!isAnswered(value)) {
          if (complete && question.required) {
            ctx.addIssue({ code: 'custom', message: validationKey('required'), path: [question.name] });
          }
          continue;
        }
        const result = answerSchema(question).safeParse(value);
        if (!result.success) {
          for (const issue of result.error.issues) {
            ctx.addIssue({ code: 'custom', message: issue.message, path: [question.name] });
          }
        }
      }
    })
    .transform((answers) => {
      const kept: SurveyAnswers = {};
      for (const question of questions) {
        const value = answers[question.name];
        if (isQuestionVisible(question, answers) && isAnswered(value)) {
          kept[question.name] = answerSchema(question).parse(value);
        }
      }
      return kept;
    });
}
