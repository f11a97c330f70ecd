import {
  basicNeedLevels,
  basicNeedQuestionName,
  basicNeeds,
  type ErrorDetail,
  hasUnsupportedCharacters,
  helpNeededQuestionName,
  helpNeededValues,
  type SurveyDocument,
  SurveyDocumentSchema,
  type SurveyType,
  toErrorDetails,
} from '@opora/contracts';
import { type EditorDocument, editorQuestions, isChoiceType, toDocumentJson } from './document-model.ts';

/**
 * What keeps the document from being saved, by the path of its field in the sent document
 * (`pages.0.questions.2.title.en`, `pages.1.questions.0.visibleIf`): the contracts'
 * `SurveyDocumentSchema` (the API checks the same), the rules it states across questions (names
 * unique, a condition on an earlier choice question), and the API's refusal of control characters.
 */
export type DocumentProblems = Readonly<Record<string, ErrorDetail>>;

export type DocumentCheck = {
  /** The document as it is sent. */
  json: ReturnType<typeof toDocumentJson>;
  /** The document as stored and shown to carers (defaults filled in); null while there are problems. */
  document: SurveyDocument | null;
  problems: DocumentProblems;
};

const ownKey = (key: string) => `admin-surveys:problems.${key}`;

function problem(property: string, instructions: string, code: string): ErrorDetail {
  return { id: `${property}:${code}`, code, instructions, property, parameters: {} };
}

/** Every string of the sent document with its path. */
function* stringsOf(value: unknown, path: string): Generator<[string, string]> {
  if (typeof value === 'string') yield [path, value];
  else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) yield* stringsOf(item, `${path}.${index}`);
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) yield* stringsOf(item, path ? `${path}.${key}` : key);
  }
}

/** A schema issue where the editor shows it, in its words where the schema's generic one would not help. */
function fromSchema(detail: ErrorDetail): ErrorDetail | null {
  const property = detail.property;
  // Rules across questions: the editor finds each offending question itself (below).
  if (property === 'pages' && (detail.code === 'unique' || detail.code === 'invalidOption')) return null;
  const condition = property.match(/^(pages\.\d+\.questions\.\d+\.visibleIf)\b/);
  if (condition?.[1]) return problem(condition[1], ownKey('condition'), 'condition');
  if (/\.(name|value|exclusive)$/.test(property) && detail.code === 'format') {
    return problem(property, ownKey('name'), 'name');
  }
  if (/\.choices$/.test(property)) return problem(property, ownKey('choices'), 'choices');
  return detail;
}

/** Names unique across the questionnaire, choice values unique within a question, conditions valid. */
function crossChecks(document: EditorDocument): ErrorDetail[] {
  const found: ErrorDetail[] = [];
  const seen = new Map<string, (typeof document.pages)[number]['questions'][number]>();
  const byId = new Map(editorQuestions(document).map((question) => [question.id, question]));
  for (const [pageIndex, page] of document.pages.entries()) {
    for (const [questionIndex, question] of page.questions.entries()) {
      const at = `pages.${pageIndex}.questions.${questionIndex}`;
      if (seen.has(question.name)) found.push(problem(`${at}.name`, 'validation:unique', 'unique'));
      if (isChoiceType(question.type)) {
        const values = new Set<string>();
        for (const [choiceIndex, choice] of question.choices.entries()) {
          if (values.has(choice.value)) {
            found.push(problem(`${at}.choices.${choiceIndex}.value`, 'validation:unique', 'unique'));
          }
          values.add(choice.value);
        }
      }
      const condition = question.visibleIf;
      if (condition) {
        const target = byId.get(condition.questionId);
        const valid =
          target !== undefined &&
          seen.get(target.name) === target &&
          isChoiceType(target.type) &&
          condition.choiceIds.length > 0 &&
          condition.choiceIds.every((id) => target.choices.some((choice) => choice.id === id));
        if (!valid) found.push(problem(`${at}.visibleIf`, ownKey('condition'), 'condition'));
      }
      if (!seen.has(question.name)) seen.set(question.name, question);
    }
  }
  return found;
}

export function checkDocument(document: EditorDocument): DocumentCheck {
  const json = toDocumentJson(document);
  const parsed = SurveyDocumentSchema.safeParse(json);
  const problems: Record<string, ErrorDetail> = {};
  const add = (detail: ErrorDetail | null) => {
    if (detail) problems[detail.property] ??= detail;
  };
  if (!parsed.success) for (const detail of toErrorDetails(parsed.error)) add(fromSchema(detail));
  for (const detail of crossChecks(document)) add(detail);
  for (const [path, text] of stringsOf(json, '')) {
    if (hasUnsupportedCharacters(text, 'multiline')) {
      add(problem(path, 'validation:unsupportedCharacters', 'unsupportedCharacters'));
    }
  }
  const valid = parsed.success && Object.keys(problems).length === 0;
  return { json, document: valid ? parsed.data : null, problems };
}

/** The problems of one question (their paths start with the question's). */
export function questionProblemCount(problems: DocumentProblems, pageIndex: number, questionIndex: number) {
  const prefix = `pages.${pageIndex}.questions.${questionIndex}.`;
  return Object.keys(problems).filter((path) => path.startsWith(prefix)).length;
}

/**
 * Names the platform's code reads (docs/surveys.md, "Adding a version"): the case survey's
 * `help-needed` with its values (the services recommended), the extended case survey's `need-<code>`
 * questions with their three answers (the care allowance estimate). A version without them still
 * saves, but staff are told which are missing.
 */
export function missingPlatformNames(type: SurveyType, document: EditorDocument): string[] {
  const questions = new Map(editorQuestions(document).map((question) => [question.name, question]));
  const hasChoices = (name: string, type: 'single' | 'multiple', values: readonly string[]) => {
    const question = questions.get(name);
    return (
      question?.type === type &&
      values.every((value) => question.choices.some((choice) => choice.value === value))
    );
  };
  if (type === 'case') {
    return hasChoices(helpNeededQuestionName, 'multiple', helpNeededValues) ? [] : [helpNeededQuestionName];
  }
  if (type === 'extended-case') {
    return basicNeeds
      .map(basicNeedQuestionName)
      .filter((name) => !hasChoices(name, 'single', basicNeedLevels));
  }
  return [];
}
