import { helpNeededValues, type SurveyDocument, SurveyDocumentSchema } from '@opora/contracts';
import { describe, expect, it } from 'vitest';
import {
  addChoice,
  addPage,
  addQuestion,
  canRemoveChoice,
  canRemoveQuestion,
  conditionTargets,
  moveChoice,
  movePage,
  moveQuestion,
  questionMoveTarget,
  removeChoice,
  removePage,
  removeQuestion,
  starterDocument,
  uniqueName,
  updateChoice,
  updatePage,
  updateQuestion,
} from './document-editing.ts';
import { type EditorDocument, editorQuestions, fromDocument, toDocumentJson } from './document-model.ts';
import { checkDocument, missingPlatformNames } from './document-problems.ts';

const text = (cs: string) => ({ cs, en: `${cs} (en)`, sk: `${cs} (sk)` });

const stored: SurveyDocument = SurveyDocumentSchema.parse({
  title: text('Jakou pomoc hledáte'),
  description: text('Popis'),
  pages: [
    {
      name: 'help',
      title: text('Pomoc'),
      questions: [
        {
          name: 'help-needed',
          type: 'multiple',
          title: text('Co potřebujete'),
          required: true,
          exclusive: 'nothing',
          choices: [
            { value: 'nursing', label: text('Ošetřování'), description: text('Sestra doma') },
            { value: 'advice', label: text('Poradenství') },
            { value: 'nothing', label: text('Nic z toho') },
          ],
        },
        {
          name: 'hours',
          type: 'number',
          title: text('Kolik hodin'),
          min: 1,
          max: 24,
          unit: text('hodin'),
          visibleIf: { question: 'help-needed', anyOf: ['nursing'] },
        },
      ],
    },
    {
      name: 'more',
      title: text('Další'),
      description: text('Nepovinné'),
      questions: [
        { name: 'start', type: 'date', title: text('Od kdy'), min: '2026-01-01' },
        { name: 'notes', type: 'text', title: text('Poznámka'), multiline: true, maxLength: 2000 },
        { name: 'urgent', type: 'boolean', title: text('Spěchá to') },
      ],
    },
  ],
});

const sent = (document: EditorDocument) => toDocumentJson(document);
const names = (document: EditorDocument) => editorQuestions(document).map((question) => question.name);
const problemsOf = (document: EditorDocument) => checkDocument(document).problems;

describe('the editor model', () => {
  it('turns a stored document back into the same document', () => {
    const document = fromDocument(stored);
    expect(SurveyDocumentSchema.parse(sent(document))).toEqual(stored);
    expect(checkDocument(document)).toMatchObject({ problems: {}, document: stored });
  });

  it('keeps the fields of other types when the type changes back, and sends only the current type’s', () => {
    let document = fromDocument(stored);
    document = updateQuestion(document, 0, 1, { type: 'text' });
    expect(sent(document).pages[0]?.questions[1]).not.toHaveProperty('unit');
    document = updateQuestion(document, 0, 1, { type: 'number' });
    expect(SurveyDocumentSchema.parse(sent(document))).toEqual(stored);
  });

  it('leaves an optional text out when all three languages are blank, and trims the others', () => {
    let document = fromDocument(stored);
    document = updatePage(document, 1, { description: { cs: ' ', en: '', sk: '' } });
    document = updatePage(document, 0, { title: { cs: ' Pomoc ', en: 'Help', sk: 'Pomoc' } });
    expect(sent(document).pages[1]).not.toHaveProperty('description');
    expect(sent(document).pages[0]?.title).toEqual({ cs: 'Pomoc', en: 'Help', sk: 'Pomoc' });
  });
});

describe('editing the document', () => {
  it('starts a new questionnaire as a valid document of one part with one question', () => {
    const document = starterDocument();
    expect(document.pages).toHaveLength(1);
    expect(document.pages[0]?.questions).toHaveLength(1);
    expect(checkDocument(document).problems).toEqual({});
    expect(checkDocument(document).document).not.toBeNull();
  });

  it('gives new questions, parts and choices names nobody has yet', () => {
    let document = starterDocument();
    document = addQuestion(document, 0).document;
    document = addPage(document).document;
    document = addQuestion(document, 1, 0).document;
    expect(names(document)).toEqual(['question', 'question-2', 'question-4', 'question-3']);
    expect(document.pages.map((page) => page.name)).toEqual(['part', 'part-2']);
    document = addChoice(document, 0, 0).document;
    expect(document.pages[0]?.questions[0]?.choices.map((choice) => choice.value)).toEqual([
      'option-1',
      'option-2',
      'option-3',
    ]);
    expect(checkDocument(document).problems).toEqual({});
  });

  it('makes an identifier out of any text, and finds the next free one', () => {
    expect(uniqueName('Help needed!', [])).toBe('help-needed-');
    expect(uniqueName('2 things', [])).toBe('things');
    expect(uniqueName('question', ['question', 'question-2'])).toBe('question-3');
    expect(uniqueName('', [])).toBe('item');
  });

  it('adds a part after the one asked, and removes one unless it is the last', () => {
    let document = fromDocument(stored);
    const added = addPage(document, 0);
    document = added.document;
    expect(document.pages.map((page) => page.name)).toEqual(['help', 'part', 'more']);
    document = removePage(document, 1);
    document = removePage(document, 1);
    expect(document.pages.map((page) => page.name)).toEqual(['help']);
    expect(removePage(document, 0)).toBe(document);
  });

  it('moves parts up and down, never past the ends', () => {
    let document = fromDocument(stored);
    document = movePage(document, 1, -1);
    expect(document.pages.map((page) => page.name)).toEqual(['more', 'help']);
    expect(movePage(document, 0, -1)).toBe(document);
    expect(movePage(document, 1, 1)).toBe(document);
  });

  it('moves a question within its part and over the edge into the next or previous part', () => {
    let document = fromDocument(stored);
    document = moveQuestion(document, 1, 2, -1);
    expect(names(document)).toEqual(['help-needed', 'hours', 'start', 'urgent', 'notes']);
    document = moveQuestion(document, 1, 0, -1);
    expect(document.pages[0]?.questions.map((question) => question.name)).toEqual([
      'help-needed',
      'hours',
      'start',
    ]);
    document = moveQuestion(document, 0, 2, 1);
    expect(document.pages[1]?.questions.map((question) => question.name)).toEqual([
      'start',
      'urgent',
      'notes',
    ]);
    expect(questionMoveTarget(document, 0, 0, -1)).toBeNull();
    expect(questionMoveTarget(document, 1, 2, 1)).toBeNull();
  });

  it('keeps a question on a part that has only one', () => {
    let document = fromDocument(stored);
    document = removeQuestion(document, 0, 1);
    expect(canRemoveQuestion(document, 0)).toBe(false);
    expect(removeQuestion(document, 0, 0)).toBe(document);
    expect(questionMoveTarget(document, 0, 0, 1)).toBeNull();
  });

  it('drops the condition of questions whose question is removed', () => {
    let document = fromDocument(stored);
    document = addQuestion(document, 0, 0).document;
    document = removeQuestion(document, 0, 1);
    expect(names(document)).toEqual(['question', 'hours', 'start', 'notes', 'urgent']);
    expect(sent(document).pages[0]?.questions[1]).not.toHaveProperty('visibleIf');
    expect(checkDocument(document).problems).toEqual({});
  });

  it('keeps conditions and the exclusive choice when a question or a choice is renamed', () => {
    let document = fromDocument(stored);
    document = updateQuestion(document, 0, 0, { name: 'kind-of-help' });
    document = updateChoice(document, 0, 0, 0, { value: 'home-nursing' });
    document = updateChoice(document, 0, 0, 2, { value: 'none' });
    const [first, second] = sent(document).pages[0]?.questions ?? [];
    expect(first).toMatchObject({ name: 'kind-of-help', exclusive: 'none' });
    expect(second).toMatchObject({ visibleIf: { question: 'kind-of-help', anyOf: ['home-nursing'] } });
    expect(checkDocument(document).problems).toEqual({});
  });

  it('removes a choice from conditions and as the exclusive one, keeping two choices at least', () => {
    let document = removeChoice(fromDocument(stored), 0, 0, 2);
    expect(sent(document).pages[0]?.questions[0]).not.toHaveProperty('exclusive');
    const question = document.pages[0]?.questions[0];
    expect(question && canRemoveChoice(question)).toBe(false);
    expect(removeChoice(document, 0, 0, 0)).toBe(document);
    // The condition named only the removed choice: it goes.
    document = removeChoice(fromDocument(stored), 0, 0, 0);
    expect(sent(document).pages[0]?.questions[1]).not.toHaveProperty('visibleIf');
    expect(checkDocument(document).problems).toEqual({});
  });

  it('moves choices up and down', () => {
    let document = fromDocument(stored);
    document = moveChoice(document, 0, 0, 2, -1);
    expect(document.pages[0]?.questions[0]?.choices.map((choice) => choice.value)).toEqual([
      'nursing',
      'nothing',
      'advice',
    ]);
    expect(moveChoice(document, 0, 0, 0, -1).pages[0]?.questions[0]?.choices[0]?.value).toBe('nursing');
  });

  it('gives a question turned into a choice question its first two choices', () => {
    let document = fromDocument(stored);
    document = updateQuestion(document, 1, 2, { type: 'single' });
    expect(document.pages[1]?.questions[2]?.choices).toHaveLength(2);
    expect(checkDocument(document).problems).toEqual({});
  });

  it('offers as conditions the choice questions before the question only', () => {
    const document = fromDocument(stored);
    expect(conditionTargets(document, 1, 0).map((question) => question.name)).toEqual(['help-needed']);
    expect(conditionTargets(document, 0, 0)).toEqual([]);
  });
});

describe('checking the document', () => {
  it('marks a name given twice on the later question', () => {
    const document = updateQuestion(fromDocument(stored), 1, 1, { name: 'start' });
    expect(problemsOf(document)).toEqual({
      'pages.1.questions.1.name': expect.objectContaining({ instructions: 'validation:unique' }),
    });
    expect(checkDocument(document).document).toBeNull();
  });

  it('marks a blank text in one language beside that language', () => {
    const document = updateQuestion(fromDocument(stored), 0, 1, {
      title: { cs: 'Kolik hodin', en: '  ', sk: 'Koľko hodín' },
    });
    expect(problemsOf(document)).toEqual({
      'pages.0.questions.1.title.en': expect.objectContaining({ instructions: 'validation:required' }),
    });
  });

  it('explains names that are not identifiers', () => {
    let document = updateQuestion(fromDocument(stored), 0, 1, { name: 'Hodiny' });
    document = updateChoice(document, 0, 0, 1, { value: 'rada a pomoc' });
    expect(Object.keys(problemsOf(document))).toEqual([
      'pages.0.questions.0.choices.1.value',
      'pages.0.questions.1.name',
    ]);
    expect(problemsOf(document)['pages.0.questions.1.name']?.instructions).toBe(
      'admin-surveys:problems.name',
    );
  });

  it('marks a condition whose question no longer comes earlier, and a choice value given twice', () => {
    let document = moveQuestion(fromDocument(stored), 0, 1, -1);
    document = updateChoice(document, 0, 1, 1, { value: 'nursing' });
    expect(problemsOf(document)).toEqual({
      'pages.0.questions.0.visibleIf': expect.objectContaining({
        instructions: 'admin-surveys:problems.condition',
      }),
      'pages.0.questions.1.choices.1.value': expect.objectContaining({ instructions: 'validation:unique' }),
    });
  });

  it('marks a condition on a question that is no longer a choice question', () => {
    const document = updateQuestion(fromDocument(stored), 0, 0, { type: 'text' });
    expect(Object.keys(problemsOf(document))).toEqual(['pages.0.questions.1.visibleIf']);
  });

  it('refuses control characters the API would refuse', () => {
    const document = updatePage(fromDocument(stored), 1, {
      title: { cs: 'Další\u0007', en: 'More', sk: 'Ďalšie' },
    });
    expect(problemsOf(document)).toEqual({
      'pages.1.title.cs': expect.objectContaining({ instructions: 'validation:unsupportedCharacters' }),
    });
  });

  it('marks numbers out of the format’s range', () => {
    const document = updateQuestion(fromDocument(stored), 1, 1, { maxLength: 6000 });
    expect(Object.keys(problemsOf(document))).toEqual(['pages.1.questions.1.maxLength']);
  });

  it('names the questions the platform reads that a case survey lacks', () => {
    const document = fromDocument(stored);
    expect(missingPlatformNames('case', document)).toEqual(['help-needed']);
    expect(missingPlatformNames('service', document)).toEqual([]);
    const withAll = updateQuestion(document, 0, 0, { name: 'help-needed' });
    let complete = withAll;
    for (const value of helpNeededValues) {
      const { document: next, choice } = addChoice(complete, 0, 0);
      const index = next.pages[0]?.questions[0]?.choices.findIndex((each) => each.id === choice?.id) ?? -1;
      complete = updateChoice(next, 0, 0, index, { value });
    }
    expect(missingPlatformNames('case', complete)).toEqual([]);
  });
});
