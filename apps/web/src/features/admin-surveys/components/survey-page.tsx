import {
  Alert,
  Anchor,
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  type SurveyDefinitionSummary,
  type SurveyDefinitionUpdate,
  SurveyDefinitionUpdateSchema,
} from '@opora/contracts';
import {
  IconAlertTriangle,
  IconArchive,
  IconArrowLeft,
  IconCopy,
  IconDeviceFloppy,
  IconInfoCircle,
  IconSend,
  IconTrash,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs, useNavigate, useParams } from 'react-router';
import { confirm } from '@/components/overlays/confirm.tsx';
import { toast } from '@/components/overlays/toast.tsx';
import { AsyncButton } from '@/components/ui/async-button.tsx';
import { isMissing, LoadError, LoadingState, NotFoundState } from '@/components/ui/page-states.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { apiErrorMessageKeys } from '@/lib/api-error-message.ts';
import { useContractForm } from '@/lib/forms/use-contract-form.ts';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { queryClient as appQueryClient } from '@/lib/query-client.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { useWideFrom } from '@/lib/use-wide-from.ts';
import { formatDateTime, formatInstantDate } from '@/shared-features/requests/dates.ts';
import {
  deleteSurveyDefinition,
  publishSurveyDefinition,
  retireSurveyDefinition,
  storeSurveyDefinitionChange,
  surveyDefinitionQueryOptions,
  surveyDefinitionsQueryOptions,
  updateSurveyDefinition,
  useSurveyDefinition,
  useSurveyDefinitions,
} from '../api/survey-definitions.ts';
import { type EditorDocument, fromDocument, toDocumentJson } from '../utils/document-model.ts';
import { checkDocument, missingPlatformNames } from '../utils/document-problems.ts';
import { focusSoon } from '../utils/focus.ts';
import classes from './admin-surveys.module.css';
import { DocumentEditor } from './document-editor.tsx';
import { JsonView } from './json-view.tsx';
import { LeaveDialog, useLeaveGuard } from './leave-guard.tsx';
import { NewVersionDialog } from './new-version-dialog.tsx';
import { SurveyStatusBadge, SurveyTypeBadge } from './survey-badges.tsx';
import { SurveyPreview } from './survey-preview.tsx';

function BackToList() {
  const { t } = useTranslation('admin-surveys');
  return (
    <Anchor component={Link} to={paths.adminSurveys.getHref()} fw={600}>
      <Group gap={4} component="span" style={{ display: 'inline-flex' }}>
        <IconArrowLeft size={18} aria-hidden />
        {t('detail.back')}
      </Group>
    </Anchor>
  );
}

/**
 * `/admin/surveys/:surveyDefinitionId` (issue 25 §3): a questionnaire's editor beside its preview as
 * carers see it (tabs on narrow screens). A draft is edited and saved, published or deleted; a
 * published one is frozen — a new version or its retirement; a retired one can still seed a new version.
 */
export function SurveyPage() {
  const { t } = useTranslation('admin-surveys');
  const { surveyDefinitionId = '' } = useParams();
  const definition = useSurveyDefinition(surveyDefinitionId);
  usePageTitle(definition.data ? t('detail.documentTitle', { code: definition.data.code }) : null);

  if (definition.isError) {
    return isMissing(definition.error) ? (
      <NotFoundState title={t('detail.notFound.title')} text={t('detail.notFound.text')}>
        <BackToList />
      </NotFoundState>
    ) : (
      <Stack gap="lg" align="flex-start">
        <BackToList />
        <LoadError
          title={t('detail.error.title')}
          text={t('detail.error.text')}
          retryLabel={t('detail.error.retry')}
          retrying={definition.isFetching}
          onRetry={() => void definition.refetch()}
        />
      </Stack>
    );
  }
  if (!definition.data) {
    return (
      <LoadingState label={t('detail.loading')}>
        <Stack gap="md">
          <Skeleton height={40} width="50%" />
          <Skeleton height={420} radius="md" />
        </Stack>
      </LoadingState>
    );
  }
  return <DefinitionView key={definition.data.id} summary={definition.data} />;
}

type MetaValues = { code: string; version: number | string };

/** Paths of questions (`pages.0.questions.2.…`) → the questions' ids. */
function questionIdsAt(document: EditorDocument, paths: readonly string[]): string[] {
  return paths.flatMap((path) => {
    const match = path.match(/^pages\.(\d+)\.questions\.(\d+)\./);
    const question = match ? document.pages[Number(match[1])]?.questions[Number(match[2])] : undefined;
    return question ? [question.id] : [];
  });
}

function DefinitionView({ summary }: { summary: SurveyDefinitionSummary }) {
  const { t } = useTranslation(['admin-surveys', 'errors', 'validation']);
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const wide = useWideFrom('md');
  // The codes taken and the newest versions, for a new version's suggested code.
  useSurveyDefinitions();
  const editable = summary.status === 'draft' && summary.providerId === null;

  const [document, setDocument] = useState(() => fromDocument(summary.definition));
  const documentRef = useRef(document);
  const edit = useCallback((change: (current: EditorDocument) => EditorDocument) => {
    const next = change(documentRef.current);
    documentRef.current = next;
    setDocument(next);
    return next;
  }, []);
  const check = useMemo(() => checkDocument(document), [document]);
  const checkRef = useRef(check);
  checkRef.current = check;
  const sentJson = useMemo(() => JSON.stringify(check.json), [check]);
  const [savedJson, setSavedJson] = useState(() =>
    JSON.stringify(toDocumentJson(fromDocument(summary.definition))),
  );
  // What the preview shows: the document as it is, or the last one without problems.
  const lastValid = useRef(check.document);
  if (check.document) lastValid.current = check.document;

  const [expanded, setExpandedSet] = useState<ReadonlySet<string>>(() => new Set());
  const setExpanded = useCallback((id: string, open: boolean) => {
    setExpandedSet((previous) => {
      const next = new Set(previous);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const [view, setView] = useState<'form' | 'json'>('form');
  const [tab, setTab] = useState<string | null>('editor');
  const [saveAttempted, setSaveAttempted] = useState(false);

  const { form, onSubmit, submitButton } = useContractForm<
    MetaValues,
    SurveyDefinitionUpdate,
    SurveyDefinitionSummary
  >({
    schema: SurveyDefinitionUpdateSchema,
    mode: 'controlled',
    initialValues: { code: summary.code, version: summary.version },
    toInput: (values) => ({
      code: values.code.trim(),
      version: typeof values.version === 'number' ? values.version : undefined,
      definition: JSON.stringify(checkRef.current.json),
    }),
    fields: ['code', 'version', 'definition'],
    submit: (body, { signal }) => updateSurveyDefinition(summary.id, body, signal),
    onSuccess: async (saved, body, values) => {
      setSavedJson(body.definition);
      form.resetDirty(values);
      setSaveAttempted(false);
      toast.success(t('detail.saved'));
      await storeSurveyDefinitionChange(queryClient, { summary: saved });
    },
    onError: (error) => {
      // Published meanwhile (a colleague): read it again; the page shows it frozen (the toast says why).
      if (error instanceof ApiError && error.code === 'SurveyDefinitionNotDraft') {
        void storeSurveyDefinitionChange(queryClient, { changedId: summary.id });
      }
      return false;
    },
  });
  const dirty = editable && (sentJson !== savedJson || form.isDirty());

  // No longer a draft (published here or by a colleague): the page shows what is stored, not edits
  // that can no longer be saved.
  const wasEditable = useRef(editable);
  useEffect(() => {
    if (wasEditable.current && !editable) {
      const stored = fromDocument(summary.definition);
      documentRef.current = stored;
      setDocument(stored);
      setSavedJson(JSON.stringify(toDocumentJson(stored)));
    }
    wasEditable.current = editable;
  }, [editable, summary.definition]);
  const guard = useLeaveGuard(dirty);

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaveAttempted(true);
    if (!check.document) {
      // The editor's fields with problems are opened and the first one gets the keyboard.
      setView('form');
      setTab('editor');
      const ids = questionIdsAt(document, Object.keys(check.problems));
      setExpandedSet((previous) => new Set([...previous, ...ids]));
      window.setTimeout(() => {
        window.document.querySelector<HTMLElement>('[data-editor] [aria-invalid="true"]')?.focus();
      }, 50);
      return;
    }
    onSubmit(event);
  };

  const definitionError = form.errors.definition;
  const problemCount = Object.keys(check.problems).length;
  const missingNames = editable ? missingPlatformNames(summary.type, document) : [];
  const title = document.title[locale].trim() || document.title.cs.trim() || summary.code;

  const editor = (
    <Stack gap="md" data-editor>
      <Group justify="space-between" align="center" gap="sm">
        <Title order={2} size="h3">
          {t('editor.heading')}
        </Title>
        <SegmentedControl
          aria-label={t('editor.view')}
          value={view}
          onChange={(value) => setView(value === 'json' ? 'json' : 'form')}
          data={[
            { value: 'form', label: t('editor.viewForm') },
            { value: 'json', label: t('editor.viewJson') },
          ]}
        />
      </Group>
      {definitionError ? (
        <Alert
          color="red"
          variant="light"
          role="alert"
          icon={<IconAlertTriangle aria-hidden />}
          title={t('detail.refused')}
        >
          {definitionError}
        </Alert>
      ) : null}
      {editable && problemCount > 0 ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          role={saveAttempted ? 'alert' : undefined}
        >
          {t('detail.problems', { count: problemCount })}
        </Alert>
      ) : null}
      {missingNames.length > 0 ? (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconInfoCircle aria-hidden />}
          title={t('detail.platformNames.title')}
        >
          <Text size="sm">{t('detail.platformNames.text', { names: missingNames.join(', ') })}</Text>
        </Alert>
      ) : null}
      {view === 'json' ? (
        <JsonView
          json={check.json}
          readOnly={!editable}
          onApply={(parsed) => {
            edit(() => fromDocument(parsed));
            setView('form');
          }}
        />
      ) : (
        <DocumentEditor
          document={document}
          problems={editable ? check.problems : {}}
          edit={edit}
          readOnly={!editable}
          expanded={expanded}
          setExpanded={setExpanded}
        />
      )}
    </Stack>
  );
  const preview = (
    <SurveyPreview
      document={lastValid.current}
      stale={check.document === null}
      definitionId={summary.id}
      type={summary.type}
      editable={editable}
    />
  );

  return (
    <Stack gap="lg">
      <BackToList />
      <Header summary={summary} title={title} />
      <StatusNotice summary={summary} />
      {editable ? (
        <form id="survey-definition-form" noValidate onSubmit={save}>
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label={t('meta.code')}
                description={t('meta.codeHint')}
                withAsterisk
                maxLength={100}
                classNames={{ input: classes.codeInput }}
                {...form.getInputProps('code')}
              />
              <NumberInput
                size="md"
                label={t('meta.version')}
                description={t('meta.versionHint')}
                withAsterisk
                min={1}
                allowDecimal={false}
                allowNegative={false}
                hideControls
                {...form.getInputProps('version')}
              />
            </SimpleGrid>
          </Paper>
        </form>
      ) : null}
      {wide ? (
        <div className={classes.workspace}>
          <div>{editor}</div>
          <div className={classes.previewColumn} data-with-bar={editable}>
            {preview}
          </div>
        </div>
      ) : (
        <Tabs value={tab} onChange={setTab} keepMounted>
          <Tabs.List grow mb="md">
            <Tabs.Tab value="editor">{t('detail.tabEditor')}</Tabs.Tab>
            <Tabs.Tab value="preview">{t('detail.tabPreview')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="editor">{editor}</Tabs.Panel>
          <Tabs.Panel value="preview">{preview}</Tabs.Panel>
        </Tabs>
      )}
      {editable ? (
        <DraftActions
          summary={summary}
          dirty={dirty}
          submitButton={submitButton}
          onDeleted={() => {
            guard.allowLeaving();
            void navigate(paths.adminSurveys.getHref());
          }}
        />
      ) : null}
      <LeaveDialog guard={guard} />
    </Stack>
  );
}

function Header({ summary, title }: { summary: SurveyDefinitionSummary; title: string }) {
  const { t } = useTranslation(['admin-surveys', 'common']);
  const { locale } = useLocale();
  const facts = [
    t('detail.version', { version: summary.version }),
    t('list.answers', { count: summary.answersCount }),
    summary.publishedAt ? t('detail.publishedAt', { date: formatInstantDate(summary.publishedAt) }) : null,
    t('detail.updatedAt', { date: formatDateTime(summary.updatedAt, locale) }),
  ].filter(Boolean);
  return (
    <Stack gap="xs">
      <Text c="dark.6" fw={600}>
        {t('common:routes.adminSurvey.title')}
      </Text>
      <Title order={1} style={{ overflowWrap: 'anywhere' }}>
        {title}
      </Title>
      <Group gap="sm">
        <Text fw={600} className={classes.code}>
          {summary.code}
        </Text>
        <SurveyTypeBadge type={summary.type} />
        <SurveyStatusBadge status={summary.status} />
      </Group>
      <Text size="sm" c="dark.6">
        {facts.join(' · ')}
      </Text>
    </Stack>
  );
}

function errorText(t: ReturnType<typeof useTranslation<['admin-surveys', 'errors']>>['t'], error: unknown) {
  return error instanceof ApiError ? t(apiErrorMessageKeys(error)) : t('errors:unknown');
}

/**
 * What the status means and what can be done: a published questionnaire is frozen (a new version or
 * its retirement), a retired one serves only cases half-way through it (a new version), a provider's
 * own form is only read here. A draft says nothing here: its actions are at the bottom.
 */
function StatusNotice({ summary }: { summary: SurveyDefinitionSummary }) {
  const { t } = useTranslation(['admin-surveys', 'errors']);
  const queryClient = useQueryClient();
  const [versioning, setVersioning] = useState(false);
  const [retiring, setRetiring] = useState(false);
  const [lastPublished, setLastPublished] = useState<string | null>(null);
  if (summary.status === 'draft') return null;

  if (summary.providerId !== null) {
    return (
      <Alert
        color="gray"
        variant="light"
        icon={<IconInfoCircle aria-hidden />}
        title={t('notice.provider.title')}
      >
        <Text size="sm">{t('notice.provider.text')}</Text>
      </Alert>
    );
  }

  const retire = async () => {
    const confirmed = await confirm({
      title: t('retire.title'),
      message: t(`retire.message.${summary.type}`, { code: summary.code }),
      confirmLabel: t('retire.confirm'),
      danger: true,
    });
    if (!confirmed) return;
    setRetiring(true);
    setLastPublished(null);
    try {
      const retired = await retireSurveyDefinition(summary.id);
      toast.success(t('retire.done', { code: summary.code }));
      await storeSurveyDefinitionChange(queryClient, { summary: retired });
      focusSoon('[data-status-notice]');
    } catch (error) {
      if (error instanceof ApiError && error.code === 'SurveyDefinitionLastPublished') {
        setLastPublished(errorText(t, error));
      } else toast.error(errorText(t, error));
    } finally {
      setRetiring(false);
    }
  };

  const published = summary.status === 'published';
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="sm">
        <Title order={2} size="h4" tabIndex={-1} data-status-notice className={classes.notice}>
          {t(published ? 'notice.published.title' : 'notice.retired.title')}
        </Title>
        <Text size="sm">
          {t(published ? 'notice.published.text' : 'notice.retired.text', { count: summary.answersCount })}
        </Text>
        {lastPublished ? (
          <Alert
            color="red"
            variant="light"
            role="alert"
            icon={<IconAlertTriangle aria-hidden />}
            title={t('retire.lastPublishedTitle')}
          >
            <Text size="sm">{lastPublished}</Text>
          </Alert>
        ) : null}
        <Group gap="sm">
          <Button leftSection={<IconCopy size={18} aria-hidden />} onClick={() => setVersioning(true)}>
            {t('newVersion.open')}
          </Button>
          {published ? (
            <AsyncButton
              variant="default"
              color="red.9"
              busy={retiring}
              leftSection={<IconArchive size={18} aria-hidden />}
              onClick={() => void retire()}
            >
              {t('retire.open')}
            </AsyncButton>
          ) : null}
        </Group>
      </Stack>
      <NewVersionDialog source={summary} opened={versioning} onClose={() => setVersioning(false)} />
    </Paper>
  );
}

/** A draft's save (the form above), publication and deletion, kept at the bottom of the screen. */
function DraftActions({
  summary,
  dirty,
  submitButton,
  onDeleted,
}: {
  summary: SurveyDefinitionSummary;
  dirty: boolean;
  submitButton: { busy: boolean; outcome: { ok: boolean; id: number } | null };
  onDeleted: () => void;
}) {
  const { t } = useTranslation(['admin-surveys', 'errors', 'validation']);
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'publish' | 'delete' | null>(null);

  const publish = async () => {
    const confirmed = await confirm({
      title: t('publish.title'),
      message: t(`publish.message.${summary.type}`, { code: summary.code }),
      confirmLabel: t('publish.confirm'),
    });
    if (!confirmed) return;
    setBusy('publish');
    try {
      await publishSurveyDefinition(summary.id);
      toast.success(t('publish.done', { code: summary.code }));
      await storeSurveyDefinitionChange(queryClient, { changedId: summary.id });
      // The draft's buttons are gone: the keyboard goes to what the page now says.
      focusSoon('[data-status-notice]');
    } catch (error) {
      toast.error(errorText(t, error));
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    const confirmed = await confirm({
      title: t('delete.title'),
      message: t('delete.message', { code: summary.code }),
      confirmLabel: t('delete.confirm'),
      danger: true,
    });
    if (!confirmed) return;
    setBusy('delete');
    try {
      await deleteSurveyDefinition(summary.id);
      toast.success(t('delete.done', { code: summary.code }));
      queryClient.removeQueries({ queryKey: surveyDefinitionQueryOptions(summary.id).queryKey });
      await storeSurveyDefinitionChange(queryClient, { changedId: summary.id });
      onDeleted();
    } catch (error) {
      toast.error(errorText(t, error));
      setBusy(null);
    }
  };

  return (
    <div className={classes.actionBar}>
      <Text size="sm" fw={600} role="status">
        {dirty ? t('actions.unsaved') : t('actions.saved')}
      </Text>
      <Group gap="sm">
        <AsyncButton
          type="submit"
          form="survey-definition-form"
          size="sm"
          leftSection={<IconDeviceFloppy size={18} aria-hidden />}
          {...submitButton}
        >
          {t('actions.save')}
        </AsyncButton>
        <AsyncButton
          variant="default"
          busy={busy === 'publish'}
          disabled={dirty}
          size="sm"
          leftSection={<IconSend size={18} aria-hidden />}
          onClick={() => void publish()}
        >
          {t('actions.publish')}
        </AsyncButton>
        <AsyncButton
          variant="subtle"
          color="red"
          c="red.9"
          busy={busy === 'delete'}
          size="sm"
          leftSection={<IconTrash size={18} aria-hidden />}
          onClick={() => void remove()}
        >
          {t('actions.delete')}
        </AsyncButton>
      </Group>
    </div>
  );
}

/** The route's loader calls it (app/router.tsx): the definition and the list are read with the page's code. */
export function prefetch(args: LoaderFunctionArgs): void {
  const { surveyDefinitionId } = args.params;
  if (surveyDefinitionId) void appQueryClient.prefetchQuery(surveyDefinitionQueryOptions(surveyDefinitionId));
  void appQueryClient.prefetchQuery(surveyDefinitionsQueryOptions());
}
