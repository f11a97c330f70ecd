import {
  type LocalizedText,
  locales,
  type SurveyChoice,
  type SurveyDocument,
  type SurveyPage,
  type SurveyQuestion,
  type SurveyQuestionType,
} from '@opora/contracts';

/**
 * The questionnaire as the console's editor holds it: one flat shape per question whatever its type
 * (switching the type back and forth keeps what was typed), an optional text as three blanks, and a
 * stable `id` per page, question and choice so the fields keep their focus while a name is retyped.
 * `toDocumentJson` turns it back into the contracts' `SurveyDocument` format (docs/surveys.md).
 */

export type EditorChoice = {
  id: string;
  value: string;
  label: LocalizedText;
  /** All three blank: no description. */
  description: LocalizedText;
};

/**
 * Shown only while an earlier choice question's answer is one of some choices: both named by the
 * editor's ids, so renaming a question or a choice value keeps the condition.
 */
export type EditorCondition = { questionId: string; choiceIds: string[] };

export type EditorQuestion = {
  id: string;
  name: string;
  type: SurveyQuestionType;
  title: LocalizedText;
  description: LocalizedText;
  required: boolean;
  visibleIf: EditorCondition | null;
  /** `single` and `multiple`. */
  choices: EditorChoice[];
  /** `multiple`: the id of the "none of these" choice. */
  exclusiveId: string | null;
  /** `text`. */
  multiline: boolean;
  /** `text`; null leaves the format's default (1000). */
  maxLength: number | null;
  /** `number`. */
  min: number | null;
  max: number | null;
  unit: LocalizedText;
  /** `date`, `yyyy-MM-dd`; '' for none. */
  minDate: string;
  maxDate: string;
};

export type EditorPage = {
  id: string;
  name: string;
  title: LocalizedText;
  description: LocalizedText;
  questions: EditorQuestion[];
};

export type EditorDocument = {
  title: LocalizedText;
  description: LocalizedText;
  pages: EditorPage[];
};

let lastId = 0;
/** An id for the editor's own bookkeeping (never sent). */
export function newId(): string {
  lastId += 1;
  return `e${lastId}`;
}

export function blankText(): LocalizedText {
  return { cs: '', en: '', sk: '' };
}

export function isBlankText(text: LocalizedText): boolean {
  return locales.every((locale) => text[locale].trim() === '');
}

const copyText = (text: LocalizedText | undefined): LocalizedText => (text ? { ...text } : blankText());

function choiceFrom(choice: SurveyChoice): EditorChoice {
  return {
    id: newId(),
    value: choice.value,
    label: copyText(choice.label),
    description: copyText(choice.description),
  };
}

export function blankQuestion(name: string, type: SurveyQuestionType, title: LocalizedText): EditorQuestion {
  return {
    id: newId(),
    name,
    type,
    title: { ...title },
    description: blankText(),
    required: false,
    visibleIf: null,
    choices: [],
    exclusiveId: null,
    multiline: false,
    maxLength: null,
    min: null,
    max: null,
    unit: blankText(),
    minDate: '',
    maxDate: '',
  };
}

/** `earlier`: the questions before this one, by name (a condition names one of them). */
function questionFrom(
  question: SurveyQuestion,
  earlier: ReadonlyMap<string, EditorQuestion>,
): EditorQuestion {
  const editor = blankQuestion(question.name, question.type, question.title);
  editor.description = copyText(question.description);
  editor.required = question.required;
  const condition = question.visibleIf;
  const target = condition ? earlier.get(condition.question) : undefined;
  if (condition && target) {
    editor.visibleIf = {
      questionId: target.id,
      choiceIds: condition.anyOf.flatMap((value) => {
        const choice = target.choices.find((each) => each.value === value);
        return choice ? [choice.id] : [];
      }),
    };
  }
  switch (question.type) {
    case 'single':
      editor.choices = question.choices.map(choiceFrom);
      break;
    case 'multiple':
      editor.choices = question.choices.map(choiceFrom);
      editor.exclusiveId = editor.choices.find((choice) => choice.value === question.exclusive)?.id ?? null;
      break;
    case 'text':
      editor.multiline = question.multiline;
      editor.maxLength = question.maxLength;
      break;
    case 'number':
      editor.min = question.min ?? null;
      editor.max = question.max ?? null;
      editor.unit = copyText(question.unit);
      break;
    case 'date':
      editor.minDate = question.min ?? '';
      editor.maxDate = question.max ?? '';
      break;
    case 'boolean':
      break;
  }
  return editor;
}

/** A stored document, ready to edit. */
export function fromDocument(document: SurveyDocument): EditorDocument {
  const earlier = new Map<string, EditorQuestion>();
  const pageFrom = (page: SurveyPage): EditorPage => ({
    id: newId(),
    name: page.name,
    title: copyText(page.title),
    description: copyText(page.description),
    questions: page.questions.map((question) => {
      const editor = questionFrom(question, earlier);
      if (!earlier.has(editor.name)) earlier.set(editor.name, editor);
      return editor;
    }),
  });
  return {
    title: copyText(document.title),
    description: copyText(document.description),
    pages: document.pages.map(pageFrom),
  };
}

/** Every question of the document, in order. */
export function editorQuestions(document: EditorDocument): EditorQuestion[] {
  return document.pages.flatMap((page) => page.questions);
}

export const isChoiceType = (type: SurveyQuestionType): type is 'single' | 'multiple' =>
  type === 'single' || type === 'multiple';

/** Texts are sent trimmed (a text of spaces is no text). */
function trimmed(text: LocalizedText): LocalizedText {
  return { cs: text.cs.trim(), en: text.en.trim(), sk: text.sk.trim() };
}

/** An optional text: left out when all three languages are blank. */
function optionalText(key: string, text: LocalizedText): Record<string, LocalizedText> {
  return isBlankText(text) ? {} : { [key]: trimmed(text) };
}

function choiceJson(choice: EditorChoice) {
  return {
    value: choice.value,
    label: trimmed(choice.label),
    ...optionalText('description', choice.description),
  };
}

/** A condition by names: the question's and its choices' values ('' for one no longer there). */
function conditionJson(condition: EditorCondition, byId: ReadonlyMap<string, EditorQuestion>) {
  const target = byId.get(condition.questionId);
  return {
    question: target?.name ?? '',
    anyOf: condition.choiceIds.map(
      (choiceId) => target?.choices.find((choice) => choice.id === choiceId)?.value ?? '',
    ),
  };
}

function questionJson(question: EditorQuestion, byId: ReadonlyMap<string, EditorQuestion>) {
  const base = {
    name: question.name,
    type: question.type,
    title: trimmed(question.title),
    ...optionalText('description', question.description),
    required: question.required,
    ...(question.visibleIf ? { visibleIf: conditionJson(question.visibleIf, byId) } : {}),
  };
  switch (question.type) {
    case 'single':
      return { ...base, choices: question.choices.map(choiceJson) };
    case 'multiple':
      return {
        ...base,
        choices: question.choices.map(choiceJson),
        ...exclusiveJson(question),
      };
    case 'text':
      return {
        ...base,
        multiline: question.multiline,
        ...(question.maxLength !== null ? { maxLength: question.maxLength } : {}),
      };
    case 'number':
      return {
        ...base,
        ...(question.min !== null ? { min: question.min } : {}),
        ...(question.max !== null ? { max: question.max } : {}),
        ...optionalText('unit', question.unit),
      };
    case 'date':
      return {
        ...base,
        ...(question.minDate ? { min: question.minDate } : {}),
        ...(question.maxDate ? { max: question.maxDate } : {}),
      };
    case 'boolean':
      return base;
  }
}

function exclusiveJson(question: EditorQuestion): { exclusive?: string } {
  const choice = question.choices.find((each) => each.id === question.exclusiveId);
  return choice ? { exclusive: choice.value } : {};
}

/**
 * The document as it is sent (`definition`, once stringified): only the fields of each question's
 * type, texts trimmed, blank optional texts left out. Its arrays are the editor's, index for index,
 * so a problem's path (`pages.0.questions.2.title.en`) names the editor's field.
 */
export function toDocumentJson(document: EditorDocument) {
  const byId = new Map(editorQuestions(document).map((question) => [question.id, question]));
  return {
    title: trimmed(document.title),
    ...optionalText('description', document.description),
    pages: document.pages.map((page) => ({
      name: page.name,
      title: trimmed(page.title),
      ...optionalText('description', page.description),
      questions: page.questions.map((question) => questionJson(question, byId)),
    })),
  };
}
