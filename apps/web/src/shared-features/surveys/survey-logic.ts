import {
  type ErrorDetail,
  formatDisplayDate,
  isQuestionVisible,
  type Locale,
  type LocalizedText,
  type SurveyAnswers,
  type SurveyAnswerValue,
  type SurveyDocument,
  type SurveyPage,
  type SurveyQuestion,
  surveyAnswersSchema,
  surveyQuestions,
  toErrorDetails,
} from '@opora/contracts';

/**
 * The questionnaire's rules as the renderer applies them, all on top of the contracts' one schema
 * (`surveyAnswersSchema`), so the browser refuses exactly what the API would.
 */

/** What the person has entered so far, possibly incomplete or not yet valid; keyed by question name. */
export type LocalAnswers = Record<string, SurveyAnswerValue | undefined>;

/** A question's message: the first issue the schema reports for it, with the parameters it needs. */
export type QuestionErrors = Record<string, ErrorDetail>;

export function localized(text: LocalizedText, locale: Locale): string {
  return text[locale] || text.cs;
}

export function isAnswered(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

export function visibleQuestions(page: SurveyPage, answers: LocalAnswers): SurveyQuestion[] {
  return page.questions.filter((question) => isQuestionVisible(question, answers));
}

/** Only answered values: `undefined` marks a cleared field locally and is never sent. */
function withoutBlanks(answers: LocalAnswers): Record<string, SurveyAnswerValue> {
  const kept: Record<string, SurveyAnswerValue> = {};
  for (const [name, value] of Object.entries(answers)) {
    if (value !== undefined && isAnswered(value)) kept[name] = value;
  }
  return kept;
}

/**
 * The schema drops the parameters of the rules it reports per question (a text's limit, a number's
 * bounds); they are the question's own, so they are taken from it.
 */
function withQuestionParameters(detail: ErrorDetail, question: SurveyQuestion | undefined): ErrorDetail {
  if (!question) return detail;
  const parameters = { ...detail.parameters };
  if (question.type === 'text' && detail.code === 'maxLength') parameters.count ??= question.maxLength;
  if (question.type === 'number') {
    if (question.min !== undefined) parameters.min ??= question.min;
    if (question.max !== undefined) parameters.max ??= question.max;
  }
  if (question.type === 'date') {
    if (question.min) parameters.min ??= formatDisplayDate(question.min);
    if (question.max) parameters.max ??= formatDisplayDate(question.max);
  }
  return { ...detail, parameters };
}

function errorsOf(
  document: SurveyDocument,
  answers: LocalAnswers,
  complete: boolean,
  names?: ReadonlySet<string>,
): QuestionErrors {
  const result = surveyAnswersSchema(document, { complete }).safeParse(withoutBlanks(answers));
  if (result.success) return {};
  const questions = new Map(surveyQuestions(document).map((question) => [question.name, question]));
  const errors: QuestionErrors = {};
  for (const detail of toErrorDetails(result.error)) {
    const name = detail.property;
    if (names && !names.has(name)) continue;
    errors[name] ??= withQuestionParameters(detail, questions.get(name));
  }
  return errors;
}

/** What stops the person leaving page `pageIndex` (Next): its visible questions checked as sent. */
export function validatePage(
  document: SurveyDocument,
  answers: LocalAnswers,
  pageIndex: number,
): QuestionErrors {
  const page = document.pages[pageIndex];
  if (!page) return {};
  return errorsOf(document, answers, true, new Set(page.questions.map((question) => question.name)));
}

/** Every visible question checked as sent (Finish). */
export function validateSurvey(document: SurveyDocument, answers: LocalAnswers): QuestionErrors {
  return errorsOf(document, answers, true);
}

/** One question's answer as it stands (leaving the field): a wrong value, not a missing one. */
export function validateAnswer(
  document: SurveyDocument,
  answers: LocalAnswers,
  name: string,
): ErrorDetail | null {
  return errorsOf(document, answers, false, new Set([name]))[name] ?? null;
}

/**
 * What autosave sends: the visible, answered questions whose answers are valid on their own. A value
 * still being corrected stays on the screen (and in the browser's copy) but does not stop the rest
 * from being saved.
 */
export function savableAnswers(document: SurveyDocument, answers: LocalAnswers): SurveyAnswers {
  let candidate = withoutBlanks(answers);
  // Removing an invalid answer can hide questions that depended on it; two passes settle it.
  for (let pass = 0; pass < 3; pass += 1) {
    const result = surveyAnswersSchema(document, { complete: false }).safeParse(candidate);
    if (result.success) return result.data;
    const invalid = new Set(result.error.issues.map((issue) => String(issue.path[0])));
    candidate = Object.fromEntries(Object.entries(candidate).filter(([name]) => !invalid.has(name)));
  }
  return {};
}

/** The page a question is on, or -1. */
export function pageIndexOf(document: SurveyDocument, name: string): number {
  return document.pages.findIndex((page) => page.questions.some((question) => question.name === name));
}

/**
 * Where someone coming back continues: the page after the last one with an answer, or an earlier one
 * that still misses a required answer; the last page when everything is answered. (A page of only
 * optional questions left blank is not "unanswered": the person moved past it.)
 */
export function resumePageIndex(document: SurveyDocument, answers: LocalAnswers): number {
  const pages = document.pages.map((page) => visibleQuestions(page, answers));
  const lastAnswered = pages.findLastIndex((questions) =>
    questions.some((question) => isAnswered(answers[question.name])),
  );
  const missingRequired = pages.findIndex((questions) =>
    questions.some((question) => question.required && !isAnswered(answers[question.name])),
  );
  const candidates = [lastAnswered + 1, document.pages.length - 1];
  if (missingRequired !== -1) candidates.push(missingRequired);
  return Math.min(...candidates);
}

/** Plain-data equality of two answer sets (order of keys ignored, order of chosen values kept). */
export function sameAnswers(
  a: Readonly<Record<string, unknown>>,
  b: Readonly<Record<string, unknown>>,
): boolean {
  const keys = Object.keys(a).filter((key) => a[key] !== undefined);
  if (keys.length !== Object.keys(b).filter((key) => b[key] !== undefined).length) return false;
  return keys.every((key) => JSON.stringify(a[key]) === JSON.stringify(b[key]));
}
