import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import {
  CareRequestSendSchema,
  type CareRequestSurvey,
  type RequestDraft,
  surveyQuestions,
  validationKey,
} from '@opora/contracts';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconCircleCheck,
  IconEdit,
  IconPencil,
  IconSend,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, type Ref, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs, useNavigate, useParams } from 'react-router';
import { AsyncButton } from '@/components/ui/async-button.tsx';
import {
  DashboardButton,
  isMissing,
  LoadError,
  LoadingState,
  NotFoundState,
} from '@/components/ui/page-states.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { formatPhone } from '@/lib/format.ts';
import { useContractForm } from '@/lib/forms/use-contract-form.ts';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { queryClient as appQueryClient } from '@/lib/query-client.ts';
import { draftStorageKey } from '@/shared-features/surveys/draft-storage.ts';
import { SurveyForm } from '@/shared-features/surveys/survey-form.tsx';
import { localized } from '@/shared-features/surveys/survey-logic.ts';
import { useCase } from '../api/get-case.ts';
import {
  requestDraftQueryOptions,
  storeDraftDocuments,
  storeDraftSurvey,
  useRequestDraft,
} from '../api/open-request-draft.ts';
import { saveRequestDraftSurvey } from '../api/save-request-draft-survey.ts';
import { useSendRequestDraft } from '../api/send-request-draft.ts';
import { DocumentsPanel } from './documents-panel.tsx';
import { CaseSurveyStates, ClientSummary, ServiceFacts, useServiceKind } from './request-parts.tsx';
import classes from './requests.module.css';

// The route's loader calls it as soon as this module is there (app/router.tsx).
export function prefetch({ params }: LoaderFunctionArgs): void {
  if (params.caseId && params.serviceId) {
    void appQueryClient.prefetchQuery(requestDraftQueryOptions(params.caseId, params.serviceId));
  }
}

/**
 * `/dashboard/request-review/:caseId/:serviceId` (SPEC §2): what the provider will see, the provider's
 * questionnaires to fill, the consent, and Send. The request is made from a draft the server keeps, so
 * answers survive a reload and a repeated Send answers the same request.
 */
export function RequestReviewPage() {
  const { caseId = '', serviceId = '' } = useParams();
  return <RequestReview key={`${caseId}:${serviceId}`} caseId={caseId} serviceId={serviceId} />;
}

function RequestReview({ caseId, serviceId }: { caseId: string; serviceId: string }) {
  const { t } = useTranslation('requests');
  const draft = useRequestDraft(caseId, serviceId);
  const backHref = paths.dashboardService.getHref({ serviceId, caseId });

  let content: ReactNode;
  if (draft.isError) {
    content = (
      <Refused
        error={draft.error}
        caseId={caseId}
        serviceId={serviceId}
        onRetry={() => void draft.refetch()}
        retrying={draft.isFetching}
      />
    );
  } else if (!draft.data) {
    content = (
      <LoadingState label={t('review.loading')}>
        <Stack gap="md">
          <Skeleton height={40} width="60%" />
          <Skeleton height={220} />
          <Skeleton height={160} />
        </Stack>
      </LoadingState>
    );
  } else {
    content = <Review draft={draft.data} />;
  }

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={backHref} fw={600} underline="hover">
        <IconArrowLeft size={18} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 4 }} />
        {t('review.back')}
      </Anchor>
      {content}
    </Stack>
  );
}

/** Why the review page cannot be shown, in words, with the way on. */
function Refused({
  error,
  caseId,
  serviceId,
  onRetry,
  retrying,
}: {
  error: unknown;
  caseId: string;
  serviceId: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { t } = useTranslation('requests');
  const code = error instanceof ApiError ? error.code : undefined;
  const careCase = useCase(caseId);
  const clientId = careCase.data?.client?.id;
  const requested = careCase.data?.requests.find((request) => request.facilityServiceId === serviceId);

  if (code === 'FacilityServiceAlreadyRequested') {
    return (
      <NotFoundState
        title={t('review.states.alreadyRequested.title')}
        text={t('review.states.alreadyRequested.text')}
      >
        {requested ? (
          <Button component={Link} to={paths.dashboardRequest.getHref({ id: requested.id })}>
            {t('review.states.alreadyRequested.open')}
          </Button>
        ) : (
          <DashboardButton>{t('confirmation.dashboard')}</DashboardButton>
        )}
      </NotFoundState>
    );
  }
  if (code === 'FacilityServiceProviderNotVerified') {
    return (
      <NotFoundState title={t('review.states.notVerified.title')} text={t('review.states.notVerified.text')}>
        <Button
          component={Link}
          to={paths.dashboardService.getHref({ serviceId, caseId }, { tab: 'provider' })}
        >
          {t('detail.provider.openService')}
        </Button>
      </NotFoundState>
    );
  }
  if (code === 'InsufficientSubscription') {
    return (
      <NotFoundState
        title={t('review.states.subscription.title')}
        text={t('review.states.subscription.text')}
      >
        {clientId ? (
          <Button component={Link} to={paths.dashboardClient.getHref({ id: clientId })}>
            {t('review.states.subscription.choose')}
          </Button>
        ) : (
          <DashboardButton>{t('confirmation.dashboard')}</DashboardButton>
        )}
      </NotFoundState>
    );
  }
  if (code === 'Conflict') {
    return (
      <NotFoundState title={t('review.states.noClient.title')} text={t('review.states.noClient.text')}>
        <Button component={Link} to={paths.newClientWizardNewClient.getHref({ caseId })}>
          {t('review.shared.editClient')}
        </Button>
      </NotFoundState>
    );
  }
  if (isMissing(error)) {
    return (
      <NotFoundState title={t('review.states.notFound.title')} text={t('review.states.notFound.text')}>
        <DashboardButton>{t('confirmation.dashboard')}</DashboardButton>
      </NotFoundState>
    );
  }
  return (
    <LoadError
      title={t('review.states.error.title')}
      text={t('review.states.error.text')}
      retryLabel={t('review.states.error.retry')}
      retrying={retrying}
      onRetry={onRetry}
    />
  );
}

function Review({ draft }: { draft: RequestDraft }) {
  const { t } = useTranslation('requests');
  const kind = useServiceKind(draft.service);
  const surveysRef = useRef<HTMLDivElement>(null);
  const [formsMissing, setFormsMissing] = useState(false);
  const incomplete = draft.surveys.filter((survey) => !survey.complete);
  useEffect(() => {
    if (incomplete.length === 0) setFormsMissing(false);
  }, [incomplete.length]);

  const showFormsMissing = () => {
    setFormsMissing(true);
    window.requestAnimationFrame(() => surveysRef.current?.focus());
  };

  return (
    <div className={classes.layout}>
      <Stack gap={6}>
        <Text fw={600} c="opora.8">
          {t('review.eyebrow')} · {kind}
        </Text>
        <Title order={1} className={classes.title}>
          {t('review.title')}
        </Title>
        <Text size="lg">{t('review.intro')}</Text>
      </Stack>

      <Paper
        withBorder
        radius="md"
        p={{ base: 'md', sm: 'lg' }}
        className={classes.aside}
        component="aside"
        aria-labelledby="review-service"
      >
        <Stack gap="sm">
          <Text size="sm" fw={600} c="dimmed">
            {t('review.service.title')}
          </Text>
          <Title order={2} size="h3" id="review-service">
            {draft.service.name}
          </Title>
          <ServiceFacts service={draft.service} />
        </Stack>
      </Paper>

      <Shared draft={draft} />
      <Surveys draft={draft} formsMissing={formsMissing} ref={surveysRef} />
      <ReviewDocuments draft={draft} />
      <SendForm draft={draft} incomplete={incomplete} onFormsMissing={showFormsMissing} />
    </div>
  );
}

/** What the provider will see: the client, who asks, the need and its questionnaires. */
function Shared({ draft }: { draft: RequestDraft }) {
  const { t } = useTranslation('requests');
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'xl' }}
      component="section"
      aria-labelledby="review-shared"
    >
      <Stack gap="md">
        <Group justify="space-between" align="center" gap="sm">
          <Title order={2} size="h3" id="review-shared">
            {t('review.shared.title')}
          </Title>
          <Anchor
            component={Link}
            to={paths.dashboardClient.getHref({ id: draft.client.id }, { tab: 'details' })}
          >
            <IconPencil size={16} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 4 }} />
            {t('review.shared.editClient')}
          </Anchor>
        </Group>
        <Title order={3} size="h4">
          {t('review.shared.client')}
        </Title>
        <ClientSummary client={draft.client} />
        <Title order={3} size="h4">
          {t('review.shared.requester')}
        </Title>
        <Text>
          {[
            draft.requester.fullName,
            draft.requester.email,
            draft.requester.phone && formatPhone(draft.requester.phone),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        <Title order={3} size="h4">
          {t('review.shared.case')}
        </Title>
        <Text>
          {draft.case.name} · {t('review.shared.reference')} {draft.case.code}
        </Text>
        <Text size="sm" c="dimmed">
          {t('review.shared.caseSurveys')}:
        </Text>
        <CaseSurveyStates careCase={draft.case} />
      </Stack>
    </Paper>
  );
}

/** The provider's questionnaires: each one's state, filled in here one at a time. */
function Surveys({
  draft,
  formsMissing,
  ref,
}: {
  draft: RequestDraft;
  formsMissing: boolean;
  ref: Ref<HTMLDivElement>;
}) {
  const { t } = useTranslation(['requests', 'validation']);
  const [open, setOpen] = useState<string | null>(null);
  const total = draft.surveys.length;
  const done = draft.surveys.filter((survey) => survey.complete).length;

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'xl' }}
      component="section"
      aria-labelledby="review-surveys"
    >
      <Stack gap="md">
        <Group justify="space-between" align="center" gap="sm">
          <Title order={2} size="h3" id="review-surveys">
            {t('review.surveys.title')}
          </Title>
          {total > 0 ? (
            <Badge
              variant="light"
              color={done === total ? 'teal' : 'gray'}
              c={done === total ? 'opora.9' : 'dark.7'}
              size="lg"
              tt="none"
            >
              {t('review.surveys.progress', { done, total })}
            </Badge>
          ) : null}
        </Group>
        {total === 0 ? (
          <Text>{t('review.surveys.none')}</Text>
        ) : (
          <Text>{t('review.surveys.intro', { provider: draft.service.provider.name })}</Text>
        )}
        <div ref={ref} tabIndex={-1} className={classes.focusHeading}>
          {formsMissing ? (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />}>
              {t(validationKey('allFormsRequired'))}
            </Alert>
          ) : null}
        </div>
        {draft.surveys.map((survey) => (
          <SurveyItem
            key={survey.surveyDefinitionId}
            draft={draft}
            survey={survey}
            open={open === survey.surveyDefinitionId}
            onOpen={() => setOpen(survey.surveyDefinitionId)}
            onClose={() => setOpen(null)}
          />
        ))}
      </Stack>
    </Paper>
  );
}

function SurveyItem({
  draft,
  survey,
  open,
  onOpen,
  onClose,
}: {
  draft: RequestDraft;
  survey: CareRequestSurvey;
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('requests');
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const title = localized(survey.definition.title, locale);
  const headingId = `survey-${survey.surveyDefinitionId}`;
  const wasOpen = useRef(open);
  useEffect(() => {
    // Back from the questionnaire: the keyboard returns to the button that opened it.
    if (wasOpen.current && !open) buttonRef.current?.focus();
    wasOpen.current = open;
  }, [open]);

  const save = async (answers: CareRequestSurvey['answers'], { complete }: { complete: boolean }) => {
    const saved = await saveRequestDraftSurvey(draft.id, survey.surveyDefinitionId, { answers, complete });
    storeDraftSurvey(queryClient, draft, saved);
    return saved;
  };

  return (
    <div className={survey.complete ? `${classes.surveyItem} ${classes.surveyItemDone}` : classes.surveyItem}>
      <Stack gap="sm">
        <Group justify="space-between" align="center" gap="sm" wrap="wrap">
          <Stack gap={2}>
            <Title order={3} size="h4" id={headingId}>
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {t('review.surveys.questions', { count: surveyQuestions(survey.definition).length })}
            </Text>
          </Stack>
          <Group gap="sm">
            {survey.complete ? (
              <Badge
                variant="light"
                color="teal"
                c="opora.9"
                tt="none"
                leftSection={<IconCircleCheck size={14} aria-hidden />}
              >
                {t('review.surveys.complete')}
              </Badge>
            ) : (
              <Badge variant="light" color="gray" c="dark.7" tt="none">
                {t('review.surveys.incomplete')}
              </Badge>
            )}
            {open ? null : (
              <Button
                ref={buttonRef}
                variant={survey.complete ? 'default' : 'filled'}
                leftSection={survey.complete ? <IconEdit size={18} aria-hidden /> : null}
                aria-describedby={headingId}
                onClick={onOpen}
              >
                {survey.complete ? t('review.surveys.edit') : t('review.surveys.fill')}
              </Button>
            )}
          </Group>
        </Group>
        {open ? (
          <SurveyForm<CareRequestSurvey>
            document={survey.definition}
            definitionId={survey.surveyDefinitionId}
            initialAnswers={survey.answers}
            serverUpdatedAt={survey.updatedAt}
            draftKey={draftStorageKey({ requestDraftId: draft.id }, survey.surveyDefinitionId)}
            save={save}
            finishLabel={t('review.surveys.finish')}
            backFromFirstPage={onClose}
            startPage={0}
            focusOnStart
            onFinished={onClose}
          />
        ) : null}
      </Stack>
    </div>
  );
}

/** Files for the provider (a doctor's report, a discharge summary), sent with the request. */
function ReviewDocuments({ draft }: { draft: RequestDraft }) {
  const { t } = useTranslation('requests');
  const queryClient = useQueryClient();
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'xl' }}
      component="section"
      aria-labelledby="review-documents"
    >
      <Stack gap="md">
        <Title order={2} size="h3" id="review-documents">
          {t('review.documents.title')}
        </Title>
        <Text>{t('review.documents.intro', { provider: draft.service.provider.name })}</Text>
        <DocumentsPanel
          owner={{ draftId: draft.id }}
          documents={draft.documents}
          canUpload
          headingId="review-documents"
          onUploaded={(document) =>
            storeDraftDocuments(queryClient, draft, (documents) =>
              documents.some((each) => each.id === document.id) ? documents : [...documents, document],
            )
          }
          onRemoved={(documentId) =>
            storeDraftDocuments(queryClient, draft, (documents) =>
              documents.filter((each) => each.id !== documentId),
            )
          }
        />
      </Stack>
    </Paper>
  );
}

type SendValues = { providerConsent: boolean; message: string };

/** The note, the consent and Send: refused with every message at once, sent once. */
function SendForm({
  draft,
  incomplete,
  onFormsMissing,
}: {
  draft: RequestDraft;
  incomplete: CareRequestSurvey[];
  onFormsMissing: () => void;
}) {
  const { t } = useTranslation(['requests', 'validation', 'errors']);
  const navigate = useNavigate();
  const send = useSendRequestDraft(draft.id);
  const queryClient = useQueryClient();
  const { form, onSubmit, submitButton } = useContractForm({
    schema: CareRequestSendSchema,
    initialValues: { providerConsent: false, message: '' } as SendValues,
    submit: (body) => send.mutateAsync(body),
    leavesOnSuccess: true,
    onSuccess: (request) =>
      navigate(
        paths.dashboardRequestConfirmation.getHref({ caseId: draft.case.id }, { request: request.id }),
      ),
    onError: (error) => {
      if (
        error instanceof ApiError &&
        error.errors.some((detail) => detail.property.startsWith('surveys.'))
      ) {
        // The server knows better (answers saved from another tab): show where it stands.
        void queryClient.invalidateQueries({
          queryKey: requestDraftQueryOptions(draft.case.id, draft.service.id).queryKey,
        });
        onFormsMissing();
        return true;
      }
      if (error instanceof ApiError && [402, 409].includes(error.status)) {
        // The page turns into the state that explains it (subscription ended, already requested).
        void queryClient.invalidateQueries({
          queryKey: requestDraftQueryOptions(draft.case.id, draft.service.id).queryKey,
        });
      }
      return false;
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (incomplete.length > 0) {
      event.preventDefault();
      form.validate();
      onFormsMissing();
      return;
    }
    onSubmit(event);
  };

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'xl' }}
      component="section"
      aria-labelledby="review-send"
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Title order={2} size="h3" id="review-send">
            {t('review.send.title')}
          </Title>
          <Textarea
            label={t('review.send.message')}
            description={t('review.send.messageHint')}
            autosize
            minRows={3}
            maxRows={10}
            size="md"
            key={form.key('message')}
            {...form.getInputProps('message')}
          />
          <Checkbox
            label={t('review.send.consent', { provider: draft.service.provider.name })}
            description={t('review.send.consentHint')}
            size="md"
            key={form.key('providerConsent')}
            {...form.getInputProps('providerConsent', { type: 'checkbox' })}
          />
          <div>
            <AsyncButton
              type="submit"
              size="lg"
              {...submitButton}
              leftSection={<IconSend size={20} aria-hidden />}
            >
              {t('review.send.submit')}
            </AsyncButton>
          </div>
        </Stack>
      </form>
    </Paper>
  );
}
