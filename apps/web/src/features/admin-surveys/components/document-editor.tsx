import { Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '@/components/overlays/confirm.tsx';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import {
  addPage,
  addQuestion,
  canRemovePage,
  movePage,
  removePage,
  updateDocument,
  updatePage,
} from '../utils/document-editing.ts';
import type { EditorPage } from '../utils/document-model.ts';
import { byData, focusFirstOf, focusSoon } from '../utils/focus.ts';
import classes from './admin-surveys.module.css';
import type { EditorProps } from './editor-context.ts';
import { LocalizedFields, OptionalLocalizedFields, useProblemText } from './localized-fields.tsx';
import { afterMove, MoveButtons } from './move-buttons.tsx';
import { QuestionItem } from './question-editor.tsx';

type Expansion = {
  /** Ids of the questions whose fields are open. */
  expanded: ReadonlySet<string>;
  setExpanded: (id: string, open: boolean) => void;
};

/**
 * The questionnaire's structure: its title and description, then each part with its questions, every
 * text in cs, en and sk. Everything is a button or a field: the keyboard reaches it all, and after a
 * move or a removal it stays on the item moved or on its neighbour.
 */
export function DocumentEditor({ expanded, setExpanded, ...editor }: EditorProps & Expansion) {
  const { t } = useTranslation('admin-surveys');
  const { document, edit, readOnly } = editor;
  const headingId = useId();
  let number = 0;
  const firstNumbers = document.pages.map((page) => {
    const first = number + 1;
    number += page.questions.length;
    return first;
  });
  return (
    <Stack gap="lg" className={readOnly ? classes.readOnly : undefined}>
      <Paper
        component="section"
        withBorder
        radius="md"
        p={{ base: 'sm', sm: 'md' }}
        aria-labelledby={headingId}
      >
        <Stack gap="md">
          <Title order={3} size="h4" id={headingId}>
            {t('editor.basics')}
          </Title>
          <LocalizedFields
            legend={t('editor.title')}
            hint={t('editor.titleHint')}
            value={document.title}
            path="title"
            required
            problems={editor.problems}
            readOnly={readOnly}
            onChange={(title) => edit((current) => updateDocument(current, { title }))}
          />
          <OptionalLocalizedFields
            legend={t('editor.description')}
            hint={t('editor.descriptionHint')}
            addLabel={t('editor.addDescription')}
            removeLabel={t('editor.removeDescription')}
            value={document.description}
            path="description"
            multiline
            problems={editor.problems}
            readOnly={readOnly}
            onChange={(description) => edit((current) => updateDocument(current, { description }))}
          />
        </Stack>
      </Paper>
      {document.pages.map((page, pageIndex) => (
        <PageEditor
          key={page.id}
          page={page}
          pageIndex={pageIndex}
          firstNumber={firstNumbers[pageIndex] ?? 1}
          expanded={expanded}
          setExpanded={setExpanded}
          {...editor}
        />
      ))}
      {readOnly ? null : (
        <div>
          <Button
            variant="default"
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() => {
              edit((current) => addPage(current).document);
              focusSoon(byData('path', `pages.${document.pages.length}.name`));
            }}
            data-add-page
          >
            {t('page.add')}
          </Button>
        </div>
      )}
    </Stack>
  );
}

function PageEditor({
  page,
  pageIndex,
  firstNumber,
  expanded,
  setExpanded,
  ...editor
}: EditorProps & Expansion & { page: EditorPage; pageIndex: number; firstNumber: number }) {
  const { t } = useTranslation('admin-surveys');
  const { locale } = useLocale();
  const problemText = useProblemText(editor.problems);
  const headingId = useId();
  const { document, edit, readOnly } = editor;
  const title = page.title[locale].trim() || page.title.cs.trim() || page.name;
  const at = `pages.${pageIndex}`;
  const remove = async () => {
    const confirmed = await confirm({
      title: t('page.removeConfirm.title'),
      message: t('page.removeConfirm.message', { title, count: page.questions.length }),
      confirmLabel: t('page.removeConfirm.confirm'),
      danger: true,
    });
    if (!confirmed) return;
    const neighbour = document.pages[pageIndex + 1] ?? document.pages[pageIndex - 1];
    edit((current) => removePage(current, pageIndex));
    if (neighbour) focusSoon(byData('page-heading', neighbour.id));
  };
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      aria-labelledby={headingId}
      className={classes.page}
    >
      <Stack gap="md">
        <div className={classes.itemHeader}>
          <Title
            order={3}
            size="h4"
            id={headingId}
            tabIndex={-1}
            data-page-heading={page.id}
            className={classes.itemTitle}
          >
            {t('page.heading', { number: pageIndex + 1, title })}
          </Title>
          {readOnly ? null : (
            <MoveButtons
              itemId={page.id}
              labels={{
                up: t('page.moveUp', { title }),
                down: t('page.moveDown', { title }),
                remove: t('page.remove', { title }),
              }}
              canMoveUp={pageIndex > 0}
              canMoveDown={pageIndex < document.pages.length - 1}
              canRemove={canRemovePage(document)}
              onMove={(delta) => {
                edit((current) => movePage(current, pageIndex, delta));
                focusFirstOf(afterMove(page.id, delta));
              }}
              onRemove={() => void remove()}
            />
          )}
        </div>
        <TextInput
          label={t('page.name')}
          description={readOnly ? undefined : t('page.nameHint')}
          value={page.name}
          readOnly={readOnly}
          withAsterisk={!readOnly}
          maxLength={63}
          classNames={{ input: classes.codeInput }}
          error={problemText(`${at}.name`)}
          data-path={`${at}.name`}
          onChange={(event) => {
            const name = event.currentTarget.value;
            edit((current) => updatePage(current, pageIndex, { name }));
          }}
        />
        <LocalizedFields
          legend={t('page.title')}
          value={page.title}
          path={`${at}.title`}
          required
          problems={editor.problems}
          readOnly={readOnly}
          onChange={(next) => edit((current) => updatePage(current, pageIndex, { title: next }))}
        />
        <OptionalLocalizedFields
          legend={t('page.description')}
          addLabel={t('page.addDescription')}
          removeLabel={t('page.removeDescription')}
          value={page.description}
          path={`${at}.description`}
          multiline
          problems={editor.problems}
          readOnly={readOnly}
          onChange={(description) => edit((current) => updatePage(current, pageIndex, { description }))}
        />
        <Text fw={700} id={`${headingId}-questions`}>
          {t('page.questions', { count: page.questions.length })}
        </Text>
        <ol className={classes.questions} aria-labelledby={`${headingId}-questions`}>
          {page.questions.map((question, questionIndex) => (
            <QuestionItem
              key={question.id}
              question={question}
              pageIndex={pageIndex}
              questionIndex={questionIndex}
              number={firstNumber + questionIndex}
              expanded={expanded.has(question.id)}
              onToggle={() => setExpanded(question.id, !expanded.has(question.id))}
              {...editor}
            />
          ))}
        </ol>
        {readOnly ? null : (
          <div>
            <Button
              variant="light"
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={() => {
                let addedId = '';
                edit((current) => {
                  const added = addQuestion(current, pageIndex);
                  addedId = added.question.id;
                  return added.document;
                });
                setExpanded(addedId, true);
                focusSoon(byData('path', `${at}.questions.${page.questions.length}.name`));
              }}
            >
              {t('question.add')}
            </Button>
          </div>
        )}
      </Stack>
    </Paper>
  );
}
