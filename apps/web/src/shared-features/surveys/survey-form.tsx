import { Alert, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import type { ErrorDetail, SurveyAnswers, SurveyAnswerValue, SurveyDocument } from '@opora/contracts';
import { IconAlertTriangle, IconArrowLeft, IconArrowRight, IconCheck } from '@tabler/icons-react';
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AsyncButton } from '@/components/ui/async-button.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { readDraft, removeDraft, writeDraft } from './draft-storage.ts';
import { createSaveQueue, type SaveQueue, type SaveStatus, type SendAnswers } from './save-queue.ts';
import { SaveProblem, SaveStatusText } from './save-status.tsx';
import classes from './survey.module.css';
import {
  type LocalAnswers,
  localized,
  pageIndexOf,
  type QuestionErrors,
  resumePageIndex,
  sameAnswers,
  savableAnswers,
  validateAnswer,
  validatePage,
  validateSurvey,
  visibleQuestions,
} from './survey-logic.ts';
import { focusQuestion, SurveyQuestionField, surveyNamespaces } from './survey-question.tsx';
import { progressText, saveErrorText } from './texts.ts';

export type SurveyFormProps<Result extends { updatedAt: string | null }> = {
  document: SurveyDocument;
  /** The version the answers are given for; the browser's copy is kept only for the same one. */
  definitionId: string;
  /** What the server holds. */
  initialAnswers: SurveyAnswers;
  serverUpdatedAt: string | null;
  /** Where the browser keeps answers the server does not have yet (`draftStorageKey`). */
  draftKey: string;
  /** Sends the answers: as the person goes (`complete: false`) and on Finish (`complete: true`). */
  save: SendAnswers<Result>;
  onFinished: (result: Result) => void;
  finishLabel: string;
  /** Shown above the first page. */
  intro?: ReactNode;
  /** Where Back leads from the first page (the wizard's previous step); none when absent. */
  backFromFirstPage?: () => void;
  /** The page to open instead of the first one still to answer. */
  startPage?: number;
  /** Put the keyboard on the page's heading when shown (opened from another view of the same page). */
  focusOnStart?: boolean;
  debounceMs?: number;
  retryDelaysMs?: readonly number[];
};

type FocusRequest = { target: 'heading' } | { target: 'question'; name: string } | { target: 'alert' };

/** Field errors of a refused save, by question (`property` is the question's name). */
function serverQuestionErrors(error: unknown, document: SurveyDocument): QuestionErrors {
  if (!(error instanceof ApiError)) return {};
  const errors: QuestionErrors = {};
  for (const detail of error.errors) {
    const name = detail.property.replace(/^answers\./, '');
    if (pageIndexOf(document, name) !== -1) errors[name] ??= detail;
  }
  return errors;
}

/** The first question with an error, in the order of the questionnaire. */
function firstInvalid(document: SurveyDocument, errors: QuestionErrors): string | undefined {
  for (const page of document.pages) {
    for (const question of page.questions) if (errors[question.name]) return question.name;
  }
  return undefined;
}

/**
 * A questionnaire of the contracts' format, one page at a time: a progress line, each visible
 * question as an accessible field, Back and Next (which checks the page and puts the keyboard on the
 * first question to fix), answers saved as the person goes and kept in the browser until the server
 * has them, and Finish, which sends them as complete.
 */
export function SurveyForm<Result extends { updatedAt: string | null }>(props: SurveyFormProps<Result>) {
  const { document, definitionId } = props;
  const { t } = useTranslation(surveyNamespaces);
  const { locale } = useLocale();

  const [restored] = useState(() =>
    readDraft(props.draftKey, { definitionId, updatedAt: props.serverUpdatedAt }),
  );
  const [answers, setAnswers] = useState<LocalAnswers>(() => restored ?? props.initialAnswers);
  const [pageIndex, setPageIndex] = useState(() =>
    Math.min(
      Math.max(props.startPage ?? resumePageIndex(document, restored ?? props.initialAnswers), 0),
      document.pages.length - 1,
    ),
  );
  const [errors, setErrors] = useState<QuestionErrors>({});
  const [status, setStatus] = useState<SaveStatus>({ kind: 'idle' });
  const statusRef = useRef(status);
  statusRef.current = status;
  const [finishing, setFinishing] = useState(false);
  const [finishError, setFinishError] = useState<unknown>(null);
  const [focusRequest, setFocusRequest] = useState<(FocusRequest & { id: number }) | null>(
    props.focusOnStart ? { target: 'heading', id: 0 } : null,
  );

  const answersRef = useRef(answers);
  /** The server's `updatedAt` the browser's copy is made on top of. */
  const baseUpdatedAtRef = useRef(props.serverUpdatedAt);
  const propsRef = useRef(props);
  propsRef.current = props;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const alertRef = useRef<HTMLDivElement>(null);

  const requestFocus = useCallback((request: FocusRequest) => {
    setFocusRequest((previous) => ({ ...request, id: (previous?.id ?? 0) + 1 }));
  }, []);

  // One queue for the page's life (created on first use, so a double-mounted effect reuses it).
  const queueRef = useRef<SaveQueue<Result> | null>(null);
  const queue = (): SaveQueue<Result> => {
    queueRef.current ??= createSaveQueue<Result>({
      send: (sent, options) => propsRef.current.save(sent, options),
      onStatus: setStatus,
      onSaved: (result, sent, upToDate) => {
        const { draftKey } = propsRef.current;
        const current = answersRef.current;
        baseUpdatedAtRef.current = result.updatedAt;
        if (upToDate && sameAnswers(savableAnswers(document, current), sent)) removeDraft(draftKey);
        else writeDraft(draftKey, { definitionId, baseUpdatedAt: result.updatedAt, answers: current });
      },
      initial: props.initialAnswers,
      ...(props.debounceMs !== undefined ? { debounceMs: props.debounceMs } : {}),
      ...(props.retryDelaysMs ? { retryDelaysMs: props.retryDelaysMs } : {}),
    });
    return queueRef.current;
  };

  const pushedRestoredRef = useRef(false);
  // The queue lives as long as the page: set up once, flushed and stopped when the page goes.
  useEffect(() => {
    const saveQueue = queue();
    saveQueue.start();
    if (restored && !pushedRestoredRef.current) {
      // Answers kept in the browser from a save that did not get through: send them now.
      pushedRestoredRef.current = true;
      saveQueue.change(savableAnswers(document, restored));
      saveQueue.flush();
    }
    const onHidden = () => {
      if (window.document.visibilityState === 'hidden') saveQueue.flush();
    };
    // A pending save goes now (the browser's copy covers a reload); only when the server cannot be
    // reached does closing the tab warn that answers would stay behind in it.
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      saveQueue.flush();
      const { kind } = statusRef.current;
      if ((kind === 'retrying' || kind === 'failed') && saveQueue.hasUnsavedChanges()) event.preventDefault();
    };
    window.document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('beforeunload', onBeforeUnload);
      // Leaving the page: what is waiting goes now.
      saveQueue.flush();
      saveQueue.stop();
    };
  }, []);

  useEffect(() => {
    if (!focusRequest) return;
    if (focusRequest.target === 'question') focusQuestion(focusRequest.name);
    else if (focusRequest.target === 'alert') alertRef.current?.focus();
    else {
      headingRef.current?.focus();
      headingRef.current?.scrollIntoView?.({ block: 'start' });
    }
  }, [focusRequest]);

  const page = document.pages[pageIndex]!;
  const shown = visibleQuestions(page, answers);
  const laterPage = document.pages.findIndex(
    (candidate, index) => index > pageIndex && visibleQuestions(candidate, answers).length > 0,
  );
  const earlierPage = document.pages.findLastIndex(
    (candidate, index) => index < pageIndex && visibleQuestions(candidate, answers).length > 0,
  );
  const isLast = laterPage === -1;

  const change = (name: string, value: SurveyAnswerValue | undefined) => {
    const next = { ...answersRef.current, [name]: value };
    answersRef.current = next;
    setAnswers(next);
    setErrors((previous) => {
      if (!previous[name]) return previous;
      const { [name]: _fixed, ...rest } = previous;
      return rest;
    });
    setFinishError(null);
    writeDraft(propsRef.current.draftKey, {
      definitionId,
      baseUpdatedAt: baseUpdatedAtRef.current,
      answers: next,
    });
    queue().change(savableAnswers(document, next));
  };

  /** Leaving a field shows a wrong value at once; a missing one waits for Next. */
  const leave = (name: string) => {
    const error: ErrorDetail | null = validateAnswer(document, answersRef.current, name);
    if (error) setErrors((previous) => ({ ...previous, [name]: error }));
  };

  const goTo = (index: number) => {
    queue().flush();
    setPageIndex(index);
    requestFocus({ target: 'heading' });
  };

  const showErrors = (found: QuestionErrors) => {
    setErrors((previous) => ({ ...previous, ...found }));
    const name = firstInvalid(document, found);
    if (!name) return;
    const index = pageIndexOf(document, name);
    if (index !== pageIndex) setPageIndex(index);
    requestFocus({ target: 'question', name });
  };

  const finish = async () => {
    const invalid = validateSurvey(document, answers);
    if (Object.keys(invalid).length > 0) {
      showErrors(invalid);
      return;
    }
    setFinishing(true);
    setFinishError(null);
    try {
      const result = await queue().submit(savableAnswers(document, answers));
      removeDraft(propsRef.current.draftKey);
      propsRef.current.onFinished(result);
    } catch (error) {
      const onQuestions = serverQuestionErrors(error, document);
      if (Object.keys(onQuestions).length > 0) showErrors(onQuestions);
      else {
        setFinishError(error);
        requestFocus({ target: 'alert' });
      }
    } finally {
      setFinishing(false);
    }
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (finishing) return;
    if (isLast) {
      void finish();
      return;
    }
    const invalid = validatePage(document, answers, pageIndex);
    if (Object.keys(invalid).length > 0) {
      showErrors(invalid);
      return;
    }
    goTo(laterPage);
  };

  const back = earlierPage !== -1 ? () => goTo(earlierPage) : props.backFromFirstPage;
  const total = document.pages.length;

  return (
    <Stack gap="lg">
      {pageIndex === 0 && document.description ? (
        <Text size="lg">{localized(document.description, locale)}</Text>
      ) : null}
      {pageIndex === 0 ? props.intro : null}
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <form noValidate onSubmit={submit} aria-labelledby={headingId}>
          <Stack gap="xl">
            <Stack gap="xs">
              <Group justify="space-between" align="center" gap="xs" wrap="wrap">
                <Text fw={600} c="dimmed" size="sm">
                  {progressText(t, locale, pageIndex + 1, total)}
                </Text>
                <SaveStatusText status={status} />
              </Group>
              <Progress value={((pageIndex + 1) / total) * 100} size="sm" radius="xl" aria-hidden="true" />
              <SaveProblem status={status} onRetry={() => queue().flush()} />
            </Stack>
            <Stack gap={6}>
              <Title order={2} id={headingId} ref={headingRef} tabIndex={-1} className={classes.pageHeading}>
                {localized(page.title, locale)}
              </Title>
              {page.description ? <Text c="dimmed">{localized(page.description, locale)}</Text> : null}
              {shown.some((question) => question.required) ? (
                <Text size="sm" c="dimmed">
                  {t('form.requiredNote')}
                </Text>
              ) : null}
            </Stack>
            {shown.length === 0 ? <Text>{t('form.nothingToAnswer')}</Text> : null}
            {shown.map((question) => (
              <SurveyQuestionField
                key={question.name}
                question={question}
                value={answers[question.name]}
                error={errors[question.name] ?? null}
                locale={locale}
                onChange={(value) => change(question.name, value)}
                onBlur={() => leave(question.name)}
              />
            ))}
            {finishError ? (
              <Alert
                ref={alertRef}
                tabIndex={-1}
                color="red"
                variant="light"
                role="alert"
                icon={<IconAlertTriangle aria-hidden />}
                title={t('form.finishFailed')}
              >
                {saveErrorText(t, finishError)}
              </Alert>
            ) : null}
            <div className={classes.actions}>
              {back ? (
                <Button
                  type="button"
                  variant="default"
                  size="md"
                  leftSection={<IconArrowLeft size={20} aria-hidden />}
                  onClick={back}
                >
                  {t('form.back')}
                </Button>
              ) : (
                <span />
              )}
              <AsyncButton
                type="submit"
                size="md"
                busy={finishing}
                rightSection={
                  isLast ? <IconCheck size={20} aria-hidden /> : <IconArrowRight size={20} aria-hidden />
                }
              >
                {isLast ? props.finishLabel : t('form.next')}
              </AsyncButton>
            </div>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
