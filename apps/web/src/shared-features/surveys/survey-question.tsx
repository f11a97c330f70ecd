import { Checkbox, NumberInput, Radio, Textarea, TextInput } from '@mantine/core';
import type { ErrorDetail, Locale, SurveyAnswerValue, SurveyChoice, SurveyQuestion } from '@opora/contracts';
import { type ChangeEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '@/lib/forms/form-errors.tsx';
import classes from './survey.module.css';
import { localized } from './survey-logic.ts';

export const surveyNamespaces = ['surveys', 'validation', 'errors'] as const;

type QuestionProps = {
  question: SurveyQuestion;
  value: SurveyAnswerValue | undefined;
  error: ErrorDetail | null;
  locale: Locale;
  onChange: (value: SurveyAnswerValue | undefined) => void;
  onBlur: () => void;
};

/** The container a question's field sits in: focus and scrolling find it by the question's name. */
export function questionElement(name: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-question="${CSS.escape(name)}"]`);
}

/** Puts the keyboard on a question: the chosen option of a group, else its first input. */
export function focusQuestion(name: string): void {
  const container = questionElement(name);
  const input =
    container?.querySelector<HTMLElement>('input:checked') ??
    container?.querySelector<HTMLElement>('input:not([type="hidden"]), textarea');
  input?.focus();
  container?.scrollIntoView?.({ block: 'center' });
}

function useErrorText(error: ErrorDetail | null): string | null {
  // Messages are namespaced keys (`validation:required`, `errors:…`).
  const { t } = useTranslation();
  const { t: surveyT } = useTranslation(surveyNamespaces);
  if (!error) return null;
  // A question, not a form field: asked for in words that fit it.
  if (error.code === 'required') return surveyT('form.answerRequired');
  return translateMessage(t, error);
}

/** The required mark: an asterisk to see, a word to hear. */
function RequiredMark() {
  const { t } = useTranslation(surveyNamespaces);
  return (
    <>
      <span className={classes.asterisk} aria-hidden="true">
        *
      </span>
      <span className="visually-hidden"> ({t('form.requiredMark')})</span>
    </>
  );
}

/** What every option of a group (a radio, a checkbox) has: its size, the group's error, leaving it. */
type OptionProps = {
  size: 'md';
  error: boolean;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
  onBlur: () => void;
};

/**
 * A group of choices as a screen reader expects it: a fieldset named by its legend, the help text and
 * the error tied to it, and the error tied to each option too (the keyboard lands on an option).
 */
function ChoiceFieldset({
  question,
  locale,
  errorText,
  onBlur,
  children,
}: {
  question: SurveyQuestion;
  locale: Locale;
  errorText: string | null;
  onBlur: () => void;
  children: (option: OptionProps) => ReactNode;
}) {
  const id = useId();
  const hintId = question.description ? `${id}-hint` : undefined;
  const errorId = errorText ? `${id}-error` : undefined;
  const option: OptionProps = {
    size: 'md',
    error: Boolean(errorText),
    'aria-describedby': errorId,
    'aria-invalid': errorText ? true : undefined,
    onBlur,
  };
  return (
    <fieldset
      className={classes.fieldset}
      aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
    >
      <legend className={classes.legend}>
        {localized(question.title, locale)}
        {question.required ? <RequiredMark /> : null}
      </legend>
      {question.description ? (
        <p id={hintId} className={classes.hint}>
          {localized(question.description, locale)}
        </p>
      ) : null}
      {children(option)}
      {errorText ? (
        <p id={errorId} className={classes.error}>
          {errorText}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A choice's words in the reader's language: its label and, when it has one, its description. */
function choiceText(
  choice: SurveyChoice,
  locale: Locale,
): { label: string; description: string | undefined } {
  return {
    label: localized(choice.label, locale),
    description: choice.description ? localized(choice.description, locale) : undefined,
  };
}

function SingleChoice({ question, value, error, locale, onChange, onBlur }: QuestionProps) {
  const errorText = useErrorText(error);
  if (question.type !== 'single') return null;
  return (
    <ChoiceFieldset question={question} locale={locale} errorText={errorText} onBlur={onBlur}>
      {(option) => (
        <Radio.Group
          name={question.name}
          value={typeof value === 'string' ? value : ''}
          onChange={(next) => onChange(next)}
        >
          <div className={classes.choices}>
            {question.choices.map((choice) => (
              <Radio key={choice.value} value={choice.value} {...choiceText(choice, locale)} {...option} />
            ))}
          </div>
        </Radio.Group>
      )}
    </ChoiceFieldset>
  );
}

/** Ticking the exclusive choice ("none of these") unticks the others, and ticking another unticks it. */
export function applyExclusiveChoice(
  previous: readonly string[],
  next: string[],
  exclusive?: string,
): string[] {
  if (!exclusive || !next.includes(exclusive)) return next;
  if (!previous.includes(exclusive)) return [exclusive];
  return next.filter((value) => value !== exclusive);
}

function MultipleChoice({ question, value, error, locale, onChange, onBlur }: QuestionProps) {
  const errorText = useErrorText(error);
  if (question.type !== 'multiple') return null;
  const chosen = Array.isArray(value) ? value : [];
  return (
    <ChoiceFieldset question={question} locale={locale} errorText={errorText} onBlur={onBlur}>
      {(option) => (
        <Checkbox.Group
          value={chosen}
          onChange={(next) => {
            const applied = applyExclusiveChoice(chosen, next, question.exclusive);
            onChange(applied.length > 0 ? applied : undefined);
          }}
        >
          <div className={classes.choices}>
            {question.choices.map((choice) => (
              <Checkbox key={choice.value} value={choice.value} {...choiceText(choice, locale)} {...option} />
            ))}
          </div>
        </Checkbox.Group>
      )}
    </ChoiceFieldset>
  );
}

function YesNo({ question, value, error, locale, onChange, onBlur }: QuestionProps) {
  const { t } = useTranslation(surveyNamespaces);
  const errorText = useErrorText(error);
  const current = value === true ? 'yes' : value === false ? 'no' : '';
  return (
    <ChoiceFieldset question={question} locale={locale} errorText={errorText} onBlur={onBlur}>
      {(option) => (
        <Radio.Group name={question.name} value={current} onChange={(next) => onChange(next === 'yes')}>
          <div className={classes.choicesInline}>
            {(['yes', 'no'] as const).map((answer) => (
              <Radio key={answer} value={answer} label={t(`form.${answer}`)} {...option} />
            ))}
          </div>
        </Radio.Group>
      )}
    </ChoiceFieldset>
  );
}

function Help({ question, locale, extra }: { question: SurveyQuestion; locale: Locale; extra?: ReactNode }) {
  if (!question.description && !extra) return null;
  return (
    <>
      {question.description ? localized(question.description, locale) : null}
      {extra}
    </>
  );
}

/** What a typed answer's field (text, date, number) has: its label, help, required mark and error. */
function fieldProps(
  question: SurveyQuestion,
  locale: Locale,
  errorText: string | null,
  { label, help }: { label?: ReactNode; help?: ReactNode } = {},
) {
  return {
    label: label ?? localized(question.title, locale),
    labelProps: { className: classes.label },
    description: <Help question={question} locale={locale} extra={help} />,
    withAsterisk: question.required,
    required: question.required,
    error: errorText,
    size: 'md' as const,
  };
}

/** An emptied field is no answer. */
function typedText(onChange: QuestionProps['onChange']) {
  return (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    onChange(event.currentTarget.value === '' ? undefined : event.currentTarget.value);
}

function TextAnswer({ question, value, error, locale, onChange, onBlur }: QuestionProps) {
  const { t } = useTranslation(surveyNamespaces);
  const errorText = useErrorText(error);
  if (question.type !== 'text') return null;
  const text = typeof value === 'string' ? value : '';
  const limit = (
    <span className="visually-hidden"> {t('form.maxCharacters', { count: question.maxLength })}</span>
  );
  const common = {
    ...fieldProps(question, locale, errorText, { help: limit }),
    maxLength: question.maxLength,
    value: text,
    onChange: typedText(onChange),
    onBlur,
  };
  // Near the limit (or always in a long answer) the count shows how much room is left.
  const counter =
    question.multiline || text.length >= question.maxLength * 0.8 ? (
      <span className={classes.hint} aria-hidden="true" style={{ display: 'block', textAlign: 'end' }}>
        {t('form.characterCount', { length: text.length, max: question.maxLength })}
      </span>
    ) : null;
  return (
    <div>
      {question.multiline ? (
        <Textarea {...common} autosize minRows={3} maxRows={12} />
      ) : (
        <TextInput {...common} />
      )}
      {counter}
    </div>
  );
}

function DateAnswer({ question, value, error, locale, onChange, onBlur }: QuestionProps) {
  const errorText = useErrorText(error);
  if (question.type !== 'date') return null;
  return (
    <TextInput
      type="date"
      {...fieldProps(question, locale, errorText)}
      maw={240}
      min={question.min}
      max={question.max}
      value={typeof value === 'string' ? value : ''}
      onChange={typedText(onChange)}
      onBlur={onBlur}
    />
  );
}

function NumberAnswer({ question, value, error, locale, onChange, onBlur }: QuestionProps) {
  const errorText = useErrorText(error);
  // What is typed, even when it is not a number yet ("1," on the way to "1,5").
  const [typed, setTyped] = useState<string | number>(typeof value === 'number' ? value : '');
  if (question.type !== 'number') return null;
  const unit = question.unit ? localized(question.unit, locale) : null;
  return (
    <NumberInput
      {...fieldProps(question, locale, errorText, {
        label: (
          <>
            {localized(question.title, locale)}
            {unit ? <span className="visually-hidden"> ({unit})</span> : null}
          </>
        ),
      })}
      maw={unit ? 320 : 240}
      hideControls
      decimalSeparator={locale === 'en' ? '.' : ','}
      min={question.min}
      max={question.max}
      clampBehavior="none"
      rightSection={
        unit ? (
          <span className={classes.unit} aria-hidden="true">
            {unit}
          </span>
        ) : undefined
      }
      rightSectionWidth={unit ? 'auto' : undefined}
      rightSectionPointerEvents="none"
      value={typed}
      onChange={(next) => {
        setTyped(next);
        onChange(typeof next === 'number' && Number.isFinite(next) ? next : undefined);
      }}
      onBlur={onBlur}
    />
  );
}

/** One question as an accessible field of its type. */
export function SurveyQuestionField(props: QuestionProps) {
  const field = (() => {
    switch (props.question.type) {
      case 'single':
        return <SingleChoice {...props} />;
      case 'multiple':
        return <MultipleChoice {...props} />;
      case 'text':
        return <TextAnswer {...props} />;
      case 'date':
        return <DateAnswer {...props} />;
      case 'number':
        return <NumberAnswer {...props} />;
      case 'boolean':
        return <YesNo {...props} />;
    }
  })();
  return (
    <div className={classes.question} data-question={props.question.name}>
      {field}
    </div>
  );
}
