import { Button, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import {
  addChoice,
  canRemoveChoice,
  moveChoice,
  removeChoice,
  updateChoice,
  updateQuestion,
} from '../utils/document-editing.ts';
import type { EditorQuestion } from '../utils/document-model.ts';
import { byData, focusFirstOf, focusSoon } from '../utils/focus.ts';
import classes from './admin-surveys.module.css';
import type { EditorProps } from './editor-context.ts';
import { LocalizedFields, OptionalLocalizedFields, useProblemText } from './localized-fields.tsx';
import { afterMove, MoveButtons } from './move-buttons.tsx';

/** A choice's name in the editor's own texts: its label in the reader's language, else its value. */
export function choiceName(choice: EditorQuestion['choices'][number], locale: 'cs' | 'en' | 'sk'): string {
  return choice.label[locale].trim() || choice.label.cs.trim() || choice.value;
}

/**
 * The choices of a single or multiple choice question, in order: each with its value (what answers
 * store), its label and an optional description; for a multiple choice, the one that excludes the others.
 */
export function ChoicesEditor({
  question,
  pageIndex,
  questionIndex,
  ...editor
}: EditorProps & { question: EditorQuestion; pageIndex: number; questionIndex: number }) {
  const { t } = useTranslation('admin-surveys');
  const { locale } = useLocale();
  const problemText = useProblemText(editor.problems);
  const legendId = useId();
  const at = `pages.${pageIndex}.questions.${questionIndex}`;
  const { edit, readOnly } = editor;
  const count = question.choices.length;
  return (
    <fieldset className={classes.fieldset} aria-labelledby={legendId}>
      <legend id={legendId} className={classes.legend}>
        {t('choices.legend')}
      </legend>
      {problemText(`${at}.choices`) ? (
        <Text c="red.9" size="sm" role="alert">
          {problemText(`${at}.choices`)}
        </Text>
      ) : null}
      <ol className={classes.choices}>
        {question.choices.map((choice, choiceIndex) => {
          const path = `${at}.choices.${choiceIndex}`;
          const name = choiceName(choice, locale);
          return (
            <li key={choice.id} className={classes.choice}>
              <Stack gap="sm">
                <div className={classes.itemHeader}>
                  <Text fw={700} size="sm" className={classes.itemTitle}>
                    {t('choices.heading', { number: choiceIndex + 1, name })}
                  </Text>
                  {readOnly ? null : (
                    <MoveButtons
                      itemId={choice.id}
                      labels={{
                        up: t('choices.moveUp', { name }),
                        down: t('choices.moveDown', { name }),
                        remove: t('choices.remove', { name }),
                      }}
                      canMoveUp={choiceIndex > 0}
                      canMoveDown={choiceIndex < count - 1}
                      canRemove={canRemoveChoice(question)}
                      onMove={(delta) => {
                        edit((document) =>
                          moveChoice(document, pageIndex, questionIndex, choiceIndex, delta),
                        );
                        focusFirstOf(afterMove(choice.id, delta));
                      }}
                      onRemove={() => {
                        const neighbour =
                          question.choices[choiceIndex + 1] ?? question.choices[choiceIndex - 1];
                        edit((document) => removeChoice(document, pageIndex, questionIndex, choiceIndex));
                        if (neighbour)
                          focusFirstOf(afterMove(neighbour.id, 1).concat(afterMove(neighbour.id, -1)));
                      }}
                    />
                  )}
                </div>
                <TextInput
                  label={t('choices.value')}
                  description={readOnly ? undefined : t('choices.valueHint')}
                  value={choice.value}
                  readOnly={readOnly}
                  withAsterisk={!readOnly}
                  maxLength={63}
                  classNames={{ input: classes.codeInput }}
                  error={problemText(`${path}.value`)}
                  data-path={`${path}.value`}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    edit((document) =>
                      updateChoice(document, pageIndex, questionIndex, choiceIndex, { value }),
                    );
                  }}
                />
                <LocalizedFields
                  legend={t('choices.label')}
                  value={choice.label}
                  path={`${path}.label`}
                  required
                  problems={editor.problems}
                  readOnly={readOnly}
                  onChange={(label) =>
                    edit((document) =>
                      updateChoice(document, pageIndex, questionIndex, choiceIndex, { label }),
                    )
                  }
                />
                <OptionalLocalizedFields
                  legend={t('choices.description')}
                  addLabel={t('choices.addDescription')}
                  removeLabel={t('choices.removeDescription')}
                  value={choice.description}
                  path={`${path}.description`}
                  multiline
                  problems={editor.problems}
                  readOnly={readOnly}
                  onChange={(description) =>
                    edit((document) =>
                      updateChoice(document, pageIndex, questionIndex, choiceIndex, { description }),
                    )
                  }
                />
              </Stack>
            </li>
          );
        })}
      </ol>
      {readOnly ? null : (
        <Button
          variant="light"
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={() => {
            edit((document) => addChoice(document, pageIndex, questionIndex).document);
            focusSoon(byData('path', `${at}.choices.${question.choices.length}.value`));
          }}
        >
          {t('choices.add')}
        </Button>
      )}
      {question.type === 'multiple' ? (
        <NativeSelect
          mt="md"
          label={t('choices.exclusive')}
          description={t('choices.exclusiveHint')}
          value={question.exclusiveId ?? ''}
          disabled={readOnly}
          error={problemText(`${at}.exclusive`)}
          data={[
            { value: '', label: t('choices.noExclusive') },
            ...question.choices.map((choice) => ({ value: choice.id, label: choiceName(choice, locale) })),
          ]}
          onChange={(event) => {
            const exclusiveId = event.currentTarget.value || null;
            edit((document) => updateQuestion(document, pageIndex, questionIndex, { exclusiveId }));
          }}
        />
      ) : null}
    </fieldset>
  );
}
