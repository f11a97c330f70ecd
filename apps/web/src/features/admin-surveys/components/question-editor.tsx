import {
  Badge,
  Checkbox,
  Group,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { SurveyQuestionType } from '@opora/contracts';
import { IconChevronRight } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import {
  canRemoveQuestion,
  moveQuestion,
  questionMoveTarget,
  questionTypes,
  removeQuestion,
  updateQuestion,
} from '../utils/document-editing.ts';
import { type EditorQuestion, isChoiceType } from '../utils/document-model.ts';
import { questionProblemCount } from '../utils/document-problems.ts';
import { byData, focusFirstOf } from '../utils/focus.ts';
import classes from './admin-surveys.module.css';
import { ChoicesEditor } from './choices-editor.tsx';
import { ConditionEditor, questionName } from './condition-editor.tsx';
import type { EditorProps } from './editor-context.ts';
import { LocalizedFields, OptionalLocalizedFields, useProblemText } from './localized-fields.tsx';
import { afterMove, MoveButtons } from './move-buttons.tsx';

type QuestionProps = EditorProps & {
  question: EditorQuestion;
  pageIndex: number;
  questionIndex: number;
  /** Its number in the whole questionnaire. */
  number: number;
  expanded: boolean;
  onToggle: () => void;
};

/**
 * One question: a heading that opens and closes its fields (the questionnaire stays short to scan),
 * what it is at a glance (type, required, a condition, problems), and up, down and remove.
 */
export function QuestionItem(props: QuestionProps) {
  const { question, pageIndex, questionIndex, number, expanded, onToggle, ...editor } = props;
  const { t } = useTranslation('admin-surveys');
  const { locale } = useLocale();
  const bodyId = useId();
  const name = questionName(question, locale);
  const problems = questionProblemCount(editor.problems, pageIndex, questionIndex);
  const { document, edit, readOnly } = editor;
  return (
    <li className={classes.question} data-question-id={question.id}>
      <div className={classes.itemHeader}>
        <h4 className={classes.questionHeading}>
          <button
            type="button"
            className={classes.toggle}
            aria-expanded={expanded}
            aria-controls={bodyId}
            onClick={onToggle}
            data-toggle={question.id}
          >
            <IconChevronRight size={18} aria-hidden className={classes.chevron} data-open={expanded} />
            <span>
              {number}. {name}
            </span>
          </button>
        </h4>
        {readOnly ? null : (
          <MoveButtons
            itemId={question.id}
            labels={{
              up: t('question.moveUp', { name }),
              down: t('question.moveDown', { name }),
              remove: t('question.remove', { name }),
            }}
            canMoveUp={questionMoveTarget(document, pageIndex, questionIndex, -1) !== null}
            canMoveDown={questionMoveTarget(document, pageIndex, questionIndex, 1) !== null}
            canRemove={canRemoveQuestion(document, pageIndex)}
            onMove={(delta) => {
              edit((current) => moveQuestion(current, pageIndex, questionIndex, delta));
              focusFirstOf([...afterMove(question.id, delta), byData('toggle', question.id)]);
            }}
            onRemove={() => {
              const page = document.pages[pageIndex];
              const neighbour = page?.questions[questionIndex + 1] ?? page?.questions[questionIndex - 1];
              edit((current) => removeQuestion(current, pageIndex, questionIndex));
              if (neighbour) focusFirstOf([byData('toggle', neighbour.id)]);
            }}
          />
        )}
      </div>
      <Group gap={6} className={classes.questionMeta}>
        <Badge variant="light" color="gray" c="dark.7" tt="none" radius="sm">
          {t(`questionType.${question.type}`)}
        </Badge>
        {question.required ? (
          <Badge variant="light" color="blue" c="blue.9" tt="none" radius="sm">
            {t('question.requiredBadge')}
          </Badge>
        ) : null}
        {question.visibleIf ? (
          <Badge variant="light" color="violet" c="violet.9" tt="none" radius="sm">
            {t('question.conditionBadge')}
          </Badge>
        ) : null}
        <Text span size="sm" c="dark.6" className={classes.code}>
          {question.name}
        </Text>
        {problems > 0 ? (
          <Badge variant="filled" color="red.9" tt="none" radius="sm">
            {t('question.problems', { count: problems })}
          </Badge>
        ) : null}
      </Group>
      <div id={bodyId} hidden={!expanded} className={classes.questionBody}>
        {expanded ? <QuestionFields {...props} /> : null}
      </div>
    </li>
  );
}

function QuestionFields({ question, pageIndex, questionIndex, ...editor }: QuestionProps) {
  const { t } = useTranslation('admin-surveys');
  const problemText = useProblemText(editor.problems);
  const { edit, readOnly } = editor;
  const at = `pages.${pageIndex}.questions.${questionIndex}`;
  const update = (patch: Parameters<typeof updateQuestion>[3]) =>
    edit((current) => updateQuestion(current, pageIndex, questionIndex, patch));
  const numberOrNull = (value: string | number) => (typeof value === 'number' ? value : null);
  const place = { question, pageIndex, questionIndex, ...editor };

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput
          label={t('question.name')}
          description={readOnly ? undefined : t('question.nameHint')}
          value={question.name}
          readOnly={readOnly}
          withAsterisk={!readOnly}
          maxLength={63}
          classNames={{ input: classes.codeInput }}
          error={problemText(`${at}.name`)}
          data-path={`${at}.name`}
          onChange={(event) => update({ name: event.currentTarget.value })}
        />
        <NativeSelect
          label={t('question.type')}
          value={question.type}
          disabled={readOnly}
          data={questionTypes.map((type) => ({ value: type, label: t(`questionType.${type}`) }))}
          onChange={(event) => update({ type: event.currentTarget.value as SurveyQuestionType })}
          data-path={`${at}.type`}
        />
      </SimpleGrid>
      <LocalizedFields
        legend={t('question.title')}
        value={question.title}
        path={`${at}.title`}
        required
        multiline
        problems={editor.problems}
        readOnly={readOnly}
        onChange={(title) => update({ title })}
      />
      <OptionalLocalizedFields
        legend={t('question.description')}
        hint={t('question.descriptionHint')}
        addLabel={t('question.addDescription')}
        removeLabel={t('question.removeDescription')}
        value={question.description}
        path={`${at}.description`}
        multiline
        problems={editor.problems}
        readOnly={readOnly}
        onChange={(description) => update({ description })}
      />
      <Checkbox
        label={t('question.required')}
        description={t('question.requiredHint')}
        checked={question.required}
        disabled={readOnly}
        onChange={(event) => update({ required: event.currentTarget.checked })}
      />
      {isChoiceType(question.type) ? <ChoicesEditor {...place} /> : null}
      {question.type === 'text' ? (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Checkbox
            label={t('question.multiline')}
            description={t('question.multilineHint')}
            checked={question.multiline}
            disabled={readOnly}
            onChange={(event) => update({ multiline: event.currentTarget.checked })}
          />
          <NumberInput
            size="md"
            label={t('question.maxLength')}
            description={t('question.maxLengthHint')}
            placeholder="1000"
            value={question.maxLength ?? ''}
            readOnly={readOnly}
            allowDecimal={false}
            allowNegative={false}
            hideControls
            error={problemText(`${at}.maxLength`)}
            data-path={`${at}.maxLength`}
            onChange={(value) => update({ maxLength: numberOrNull(value) })}
          />
        </SimpleGrid>
      ) : null}
      {question.type === 'number' ? (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <NumberInput
              size="md"
              label={t('question.min')}
              value={question.min ?? ''}
              readOnly={readOnly}
              hideControls
              error={problemText(`${at}.min`)}
              data-path={`${at}.min`}
              onChange={(value) => update({ min: numberOrNull(value) })}
            />
            <NumberInput
              size="md"
              label={t('question.max')}
              value={question.max ?? ''}
              readOnly={readOnly}
              hideControls
              error={problemText(`${at}.max`)}
              data-path={`${at}.max`}
              onChange={(value) => update({ max: numberOrNull(value) })}
            />
          </SimpleGrid>
          <OptionalLocalizedFields
            legend={t('question.unit')}
            hint={t('question.unitHint')}
            addLabel={t('question.addUnit')}
            removeLabel={t('question.removeUnit')}
            value={question.unit}
            path={`${at}.unit`}
            problems={editor.problems}
            readOnly={readOnly}
            onChange={(unit) => update({ unit })}
          />
        </>
      ) : null}
      {question.type === 'date' ? (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            type="date"
            label={t('question.minDate')}
            value={question.minDate}
            readOnly={readOnly}
            error={problemText(`${at}.min`)}
            data-path={`${at}.min`}
            onChange={(event) => update({ minDate: event.currentTarget.value })}
          />
          <TextInput
            type="date"
            label={t('question.maxDate')}
            value={question.maxDate}
            readOnly={readOnly}
            error={problemText(`${at}.max`)}
            data-path={`${at}.max`}
            onChange={(event) => update({ maxDate: event.currentTarget.value })}
          />
        </SimpleGrid>
      ) : null}
      {question.type === 'boolean' ? (
        <Text size="sm" c="dark.6">
          {t('question.booleanHint')}
        </Text>
      ) : null}
      <ConditionEditor {...place} />
    </Stack>
  );
}
