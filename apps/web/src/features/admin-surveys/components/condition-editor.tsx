import { Checkbox, NativeSelect, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { conditionTargets, updateQuestion } from '../utils/document-editing.ts';
import type { EditorQuestion } from '../utils/document-model.ts';
import { choiceName } from './choices-editor.tsx';
import type { EditorProps } from './editor-context.ts';
import { useProblemText } from './localized-fields.tsx';

/** A question's name in the editor's own texts: its title in the reader's language, else its name. */
export function questionName(question: EditorQuestion, locale: 'cs' | 'en' | 'sk'): string {
  return question.title[locale].trim() || question.title.cs.trim() || question.name;
}

/**
 * "Show only when": an earlier choice question and the choices of it that show this one (format's
 * `visibleIf`). Offered only when an earlier choice question exists.
 */
export function ConditionEditor({
  question,
  pageIndex,
  questionIndex,
  ...editor
}: EditorProps & { question: EditorQuestion; pageIndex: number; questionIndex: number }) {
  const { t } = useTranslation('admin-surveys');
  const { locale } = useLocale();
  const problemText = useProblemText(editor.problems);
  const { edit, readOnly, document } = editor;
  const at = `pages.${pageIndex}.questions.${questionIndex}`;
  const targets = conditionTargets(document, pageIndex, questionIndex);
  const condition = question.visibleIf;
  const target = condition
    ? document.pages.flatMap((page) => page.questions).find((each) => each.id === condition.questionId)
    : undefined;
  const set = (visibleIf: EditorQuestion['visibleIf']) =>
    edit((current) => updateQuestion(current, pageIndex, questionIndex, { visibleIf }));
  const error = problemText(`${at}.visibleIf`);

  if (!condition && (readOnly || targets.length === 0)) {
    return readOnly ? null : (
      <Text size="sm" c="dark.6">
        {t('condition.none')}
      </Text>
    );
  }
  const options = targets.map((each) => ({ value: each.id, label: questionName(each, locale) }));
  if (target && !targets.includes(target)) {
    options.unshift({
      value: target.id,
      label: t('condition.notEarlier', { name: questionName(target, locale) }),
    });
  }
  return (
    <Stack gap="sm">
      <Checkbox
        label={t('condition.toggle')}
        checked={condition !== null}
        disabled={readOnly}
        onChange={(event) => {
          const first = targets[0];
          set(event.currentTarget.checked && first ? { questionId: first.id, choiceIds: [] } : null);
        }}
        data-path={`${at}.visibleIf`}
      />
      {condition ? (
        <Stack gap="sm" pl="lg">
          <NativeSelect
            label={t('condition.question')}
            value={condition.questionId}
            disabled={readOnly}
            data={options}
            onChange={(event) => set({ questionId: event.currentTarget.value, choiceIds: [] })}
          />
          {target ? (
            <Checkbox.Group
              label={t('condition.anyOf')}
              value={condition.choiceIds}
              onChange={(choiceIds) => set({ ...condition, choiceIds })}
              error={error}
            >
              <Stack gap={6} mt={6}>
                {target.choices.map((choice) => (
                  <Checkbox
                    key={choice.id}
                    value={choice.id}
                    label={choiceName(choice, locale)}
                    disabled={readOnly}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
          ) : (
            <Text c="red.9" size="sm">
              {error}
            </Text>
          )}
        </Stack>
      ) : null}
    </Stack>
  );
}
