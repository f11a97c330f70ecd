import type { LocalizedText, SurveyQuestionType } from '@opora/contracts';
import {
  blankQuestion,
  blankText,
  type EditorChoice,
  type EditorDocument,
  type EditorPage,
  type EditorQuestion,
  editorQuestions,
  isChoiceType,
  newId,
} from './document-model.ts';

// What the editor's buttons do to the document: pure functions that answer a new document, keep the
// format's minimums (a page, a question on each page, two choices of a choice question), give new
// pages, questions and choices names that are not taken yet, and keep conditions pointing at what is
// still there. The document stays valid as long as staff's own texts are.

/**
 * The texts new parts start with, in the three languages: a new part of the questionnaire is valid
 * (and shows in the preview) at once, and staff rewrite it.
 */
const starter = {
  title: { cs: 'Nový dotazník', en: 'New questionnaire', sk: 'Nový dotazník' },
  page: { cs: 'Nová část', en: 'New part', sk: 'Nová časť' },
  question: { cs: 'Nová otázka', en: 'New question', sk: 'Nová otázka' },
  choice: (n: number): LocalizedText => ({ cs: `Možnost ${n}`, en: `Option ${n}`, sk: `Možnosť ${n}` }),
};

/** The format's identifier: a lowercase letter, then letters, digits and hyphens, 63 at most. */
const namePattern = /^[a-z][a-z0-9-]{0,62}$/;

/** `base`, or `base-2`, `base-3`… : the first that is a valid name not in `taken`. */
export function uniqueName(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  const cleaned =
    base
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, '-')
      .replace(/^[^a-z]+/, '')
      .slice(0, 50) || 'item';
  if (namePattern.test(cleaned) && !used.has(cleaned)) return cleaned;
  for (let n = 2; ; n += 1) {
    const candidate = `${cleaned}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}

function starterChoices(existing: readonly EditorChoice[]): EditorChoice[] {
  const choices = [...existing];
  while (choices.length < 2) choices.push(newChoice(choices));
  return choices;
}

function newChoice(existing: readonly EditorChoice[]): EditorChoice {
  const n = existing.length + 1;
  return {
    id: newId(),
    value: uniqueName(
      `option-${n}`,
      existing.map((choice) => choice.value),
    ),
    label: starter.choice(n),
    description: blankText(),
  };
}

/** A single-choice question with two choices, named so that no other question has the name. */
function newQuestion(document: EditorDocument): EditorQuestion {
  const names = editorQuestions(document).map((question) => question.name);
  const question = blankQuestion(uniqueName('question', names), 'single', starter.question);
  question.choices = starterChoices([]);
  return question;
}

function newPage(document: EditorDocument): EditorPage {
  return {
    id: newId(),
    name: uniqueName(
      'part',
      document.pages.map((page) => page.name),
    ),
    title: { ...starter.page },
    description: blankText(),
    questions: [newQuestion(document)],
  };
}

/** A new questionnaire: a title, one part with one question (a valid document). */
export function starterDocument(): EditorDocument {
  const empty: EditorDocument = { title: { ...starter.title }, description: blankText(), pages: [] };
  return { ...empty, pages: [newPage(empty)] };
}

function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item === undefined || to < 0 || to > next.length) return [...items];
  next.splice(to, 0, item);
  return next;
}

function withPage(document: EditorDocument, pageIndex: number, change: (page: EditorPage) => EditorPage) {
  return {
    ...document,
    pages: document.pages.map((page, index) => (index === pageIndex ? change(page) : page)),
  };
}

function withQuestion(
  document: EditorDocument,
  pageIndex: number,
  questionIndex: number,
  change: (question: EditorQuestion) => EditorQuestion,
): EditorDocument {
  return withPage(document, pageIndex, (page) => ({
    ...page,
    questions: page.questions.map((question, index) =>
      index === questionIndex ? change(question) : question,
    ),
  }));
}

/** Every question, changed by `change` (conditions of other questions). */
function mapQuestions(document: EditorDocument, change: (question: EditorQuestion) => EditorQuestion) {
  return {
    ...document,
    pages: document.pages.map((page) => ({ ...page, questions: page.questions.map(change) })),
  };
}

/** Conditions on the removed questions go with them: nothing else could show the dependent ones. */
function withoutConditionsOn(document: EditorDocument, removedIds: ReadonlySet<string>): EditorDocument {
  return mapQuestions(document, (question) =>
    question.visibleIf && removedIds.has(question.visibleIf.questionId)
      ? { ...question, visibleIf: null }
      : question,
  );
}

// Pages

/** A new part after `afterIndex` (at the end without it), with one question. */
export function addPage(
  document: EditorDocument,
  afterIndex = document.pages.length - 1,
): { document: EditorDocument; page: EditorPage } {
  const page = newPage(document);
  const pages = [...document.pages];
  pages.splice(afterIndex + 1, 0, page);
  return { document: { ...document, pages }, page };
}

export function canRemovePage(document: EditorDocument): boolean {
  return document.pages.length > 1;
}

export function removePage(document: EditorDocument, pageIndex: number): EditorDocument {
  const page = document.pages[pageIndex];
  if (!page || !canRemovePage(document)) return document;
  const rest = { ...document, pages: document.pages.filter((_, index) => index !== pageIndex) };
  return withoutConditionsOn(rest, new Set(page.questions.map((question) => question.id)));
}

export function movePage(document: EditorDocument, pageIndex: number, delta: -1 | 1): EditorDocument {
  const to = pageIndex + delta;
  if (to < 0 || to >= document.pages.length) return document;
  return { ...document, pages: moved(document.pages, pageIndex, to) };
}

export function updatePage(
  document: EditorDocument,
  pageIndex: number,
  patch: Partial<Pick<EditorPage, 'name' | 'title' | 'description'>>,
): EditorDocument {
  return withPage(document, pageIndex, (page) => ({ ...page, ...patch }));
}

// Questions

/** A new single-choice question at `atIndex` of the page (at its end without it). */
export function addQuestion(
  document: EditorDocument,
  pageIndex: number,
  atIndex?: number,
): { document: EditorDocument; question: EditorQuestion } {
  const question = newQuestion(document);
  return {
    document: withPage(document, pageIndex, (page) => {
      const questions = [...page.questions];
      questions.splice(atIndex ?? questions.length, 0, question);
      return { ...page, questions };
    }),
    question,
  };
}

/** A page keeps at least one question. */
export function canRemoveQuestion(document: EditorDocument, pageIndex: number): boolean {
  return (document.pages[pageIndex]?.questions.length ?? 0) > 1;
}

export function removeQuestion(document: EditorDocument, pageIndex: number, questionIndex: number) {
  const question = document.pages[pageIndex]?.questions[questionIndex];
  if (!question || !canRemoveQuestion(document, pageIndex)) return document;
  const rest = withPage(document, pageIndex, (page) => ({
    ...page,
    questions: page.questions.filter((_, index) => index !== questionIndex),
  }));
  return withoutConditionsOn(rest, new Set([question.id]));
}

/**
 * Where a question moves one step up (-1) or down (1): within its page, or from its page's edge to
 * the end of the previous page or the start of the next; null when it cannot (the first question of
 * the questionnaire up, or the only question of a page out of it).
 */
export function questionMoveTarget(
  document: EditorDocument,
  pageIndex: number,
  questionIndex: number,
  delta: -1 | 1,
): { pageIndex: number; questionIndex: number } | null {
  const page = document.pages[pageIndex];
  if (!page) return null;
  const to = questionIndex + delta;
  if (to >= 0 && to < page.questions.length) return { pageIndex, questionIndex: to };
  if (page.questions.length === 1) return null;
  const otherPage = document.pages[pageIndex + delta];
  if (!otherPage) return null;
  return { pageIndex: pageIndex + delta, questionIndex: delta === -1 ? otherPage.questions.length : 0 };
}

export function moveQuestion(
  document: EditorDocument,
  pageIndex: number,
  questionIndex: number,
  delta: -1 | 1,
): EditorDocument {
  const target = questionMoveTarget(document, pageIndex, questionIndex, delta);
  const question = document.pages[pageIndex]?.questions[questionIndex];
  if (!target || !question) return document;
  if (target.pageIndex === pageIndex) {
    return withPage(document, pageIndex, (page) => ({
      ...page,
      questions: moved(page.questions, questionIndex, target.questionIndex),
    }));
  }
  return {
    ...document,
    pages: document.pages.map((page, index) => {
      if (index === pageIndex)
        return { ...page, questions: page.questions.filter((each) => each !== question) };
      if (index !== target.pageIndex) return page;
      const questions = [...page.questions];
      questions.splice(target.questionIndex, 0, question);
      return { ...page, questions };
    }),
  };
}

export type QuestionPatch = Partial<Omit<EditorQuestion, 'id' | 'choices'>>;

/**
 * Changes a question's fields. A choice type gets its two first choices when it has fewer (a text
 * question turned into a choice).
 */
export function updateQuestion(
  document: EditorDocument,
  pageIndex: number,
  questionIndex: number,
  patch: QuestionPatch,
): EditorDocument {
  return withQuestion(document, pageIndex, questionIndex, (question) => {
    const next = { ...question, ...patch };
    if (isChoiceType(next.type) && next.choices.length < 2) next.choices = starterChoices(next.choices);
    return next;
  });
}

/**
 * The questions a condition of the question at (`pageIndex`, `questionIndex`) may name: the choice
 * questions before it.
 */
export function conditionTargets(
  document: EditorDocument,
  pageIndex: number,
  questionIndex: number,
): EditorQuestion[] {
  const before = document.pages
    .slice(0, pageIndex + 1)
    .flatMap((page, index) =>
      index === pageIndex ? page.questions.slice(0, questionIndex) : page.questions,
    );
  return before.filter((question) => isChoiceType(question.type));
}

// Choices

export function addChoice(
  document: EditorDocument,
  pageIndex: number,
  questionIndex: number,
): { document: EditorDocument; choice: EditorChoice | null } {
  let added: EditorChoice | null = null;
  const next = withQuestion(document, pageIndex, questionIndex, (question) => {
    added = newChoice(question.choices);
    return { ...question, choices: [...question.choices, added] };
  });
  return { document: next, choice: added };
}

/** A choice question keeps at least two choices. */
export function canRemoveChoice(question: EditorQuestion): boolean {
  return question.choices.length > 2;
}

/** The choice goes, and with it from every condition that names it (an emptied condition goes too). */
export function removeChoice(
  document: EditorDocument,
  pageIndex: number,
  questionIndex: number,
  choiceIndex: number,
): EditorDocument {
  const question = document.pages[pageIndex]?.questions[questionIndex];
  const choice = question?.choices[choiceIndex];
  if (!question || !choice || !canRemoveChoice(question)) return document;
  const rest = withQuestion(document, pageIndex, questionIndex, (each) => ({
    ...each,
    choices: each.choices.filter((_, index) => index !== choiceIndex),
    exclusiveId: each.exclusiveId === choice.id ? null : each.exclusiveId,
  }));
  return mapQuestions(rest, (each) => {
    const condition = each.visibleIf;
    if (!condition?.choiceIds.includes(choice.id)) return each;
    const choiceIds = condition.choiceIds.filter((id) => id !== choice.id);
    return { ...each, visibleIf: choiceIds.length > 0 ? { ...condition, choiceIds } : null };
  });
}

export function moveChoice(
  document: EditorDocument,
  pageIndex: number,
  questionIndex: number,
  choiceIndex: number,
  delta: -1 | 1,
): EditorDocument {
  return withQuestion(document, pageIndex, questionIndex, (question) => {
    const to = choiceIndex + delta;
    if (to < 0 || to >= question.choices.length) return question;
    return { ...question, choices: moved(question.choices, choiceIndex, to) };
  });
}

export function updateChoice(
  document: EditorDocument,
  pageIndex: number,
  questionIndex: number,
  choiceIndex: number,
  patch: Partial<Omit<EditorChoice, 'id'>>,
): EditorDocument {
  return withQuestion(document, pageIndex, questionIndex, (question) => ({
    ...question,
    choices: question.choices.map((choice, index) =>
      index === choiceIndex ? { ...choice, ...patch } : choice,
    ),
  }));
}

export function updateDocument(
  document: EditorDocument,
  patch: Partial<Pick<EditorDocument, 'title' | 'description'>>,
): EditorDocument {
  return { ...document, ...patch };
}

/** Where a question is, by its id. */
export function questionPosition(
  document: EditorDocument,
  questionId: string,
): { pageIndex: number; questionIndex: number } | null {
  for (const [pageIndex, page] of document.pages.entries()) {
    const questionIndex = page.questions.findIndex((question) => question.id === questionId);
    if (questionIndex !== -1) return { pageIndex, questionIndex };
  }
  return null;
}

export const questionTypes: readonly SurveyQuestionType[] = [
  'single',
  'multiple',
  'text',
  'number',
  'date',
  'boolean',
];
