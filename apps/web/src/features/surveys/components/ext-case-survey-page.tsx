import { Alert, Anchor, Button, Checkbox, Paper, Stack, Text, Title } from '@mantine/core';
import {
  type CaseSurvey,
  estimateCareAllowance,
  formatDisplayDate,
  initialServiceLevel,
  type SurveyDefinition,
  todayIsoDate,
} from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { IconClockHour4, IconRefresh } from '@tabler/icons-react';
import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { NotFoundState } from '@/components/ui/page-states.tsx';
import { paths } from '@/config/paths.ts';
import {
  nextWizardStep,
  previousWizardStep,
  type WizardStep,
  wizardStepHref,
} from '@/config/wizard-steps.ts';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { operationKey, useOperationQuery } from '@/lib/operations.ts';
import { useSessionUser } from '@/lib/session.ts';
import {
  createGuestCase,
  guestCaseSurveyQueryOptions,
  guestSecretOf,
  rememberGuestCase,
  saveGuestCaseSurvey,
  useGuestCase,
} from '@/shared-features/guest-cases/guest-cases.ts';
import { draftStorageKey, moveDraft } from '@/shared-features/surveys/draft-storage.ts';
import type { SendAnswers } from '@/shared-features/surveys/save-queue.ts';
import { SurveyForm } from '@/shared-features/surveys/survey-form.tsx';
import { localized } from '@/shared-features/surveys/survey-logic.ts';
import { surveyNamespaces } from '@/shared-features/surveys/survey-question.tsx';
import { createClientCase } from '../api/create-client-case.ts';
import { caseQueryKey, useCase } from '../api/get-case.ts';
import { storeCaseSurvey, useCaseSurvey } from '../api/get-case-survey.ts';
import { usePublishedSurvey } from '../api/get-published-survey.ts';
import { saveCaseSurvey } from '../api/save-case-survey.ts';
import { useWizardStep } from '../hooks/use-wizard-step.ts';
import { careCountryOfRegion } from '../utils/care-allowance-guidance.ts';
import { CareAllowanceResult } from './care-allowance-result.tsx';
import {
  isMissing,
  SurveyIntro,
  SurveyLoadError,
  SurveyLoading,
  SurveyNotFound,
  SurveyPageFrame,
  SurveyUnavailable,
} from './survey-states.tsx';

const surveyType = 'extended-case' as const;

/** Why the questions are asked, what happens with the answers, and that nothing is lost by leaving. */
function ExtSurveyIntro({ guest = false }: { guest?: boolean }) {
  const { t } = useTranslation(surveyNamespaces);
  return (
    <SurveyIntro id="ext-intro" title={t('ext.intro.title')}>
      <Text>{t('ext.intro.needs')}</Text>
      <Text>{t('ext.intro.use')}</Text>
      <Text c="dimmed" size="sm">
        {t(guest ? 'ext.intro.privacyGuest' : 'ext.intro.privacy')}
      </Text>
    </SurveyIntro>
  );
}

/** A guest's case (anonymous wizard): the secret this browser holds for it, once there is one. */
type GuestMode = { secret: string | null };

/** The creation key of the guest case this tab is about to open (kept until it is opened). */
const guestCreationKeyStorage = 'opora.guestCaseCreationKey';
function guestCreationKey(): string {
  const kept = window.sessionStorage.getItem(guestCreationKeyStorage);
  if (kept) return kept;
  const key = crypto.randomUUID();
  window.sessionStorage.setItem(guestCreationKeyStorage, key);
  return key;
}

/** The health-data consent a guest gives before the first answer is stored (GDPR Art. 9). */
function GuestConsent({ onStart }: { onStart: () => void }) {
  const { t } = useTranslation(surveyNamespaces);
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState(false);
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <ExtSurveyIntro guest />
        <Title order={2} size="h3">
          {t('guest.consent.title')}
        </Title>
        <Text>{t('guest.consent.text')}</Text>
        <Checkbox
          size="md"
          checked={checked}
          onChange={(event) => {
            setChecked(event.currentTarget.checked);
            setError(false);
          }}
          error={error ? t('validation:healthDataConsentRequired') : undefined}
          label={
            <Trans
              t={t}
              i18nKey="guest.consent.label"
              components={{ gdpr: <Anchor href={paths.gdpr.getHref()} target="_blank" rel="noopener" /> }}
            />
          }
        />
        <Text size="sm" c="dimmed">
          {t('guest.retentionNew')}
        </Text>
        <div>
          <Button size="lg" onClick={() => (checked ? onStart() : setError(true))}>
            {t('guest.consent.start')}
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}

/** A guest case whose secret this browser does not hold: said plainly, with a fresh start. */
export function GuestCaseLost() {
  const { t } = useTranslation(surveyNamespaces);
  return (
    <NotFoundState title={t('guest.lost.title')} text={t('guest.lost.text')}>
      <Button
        component="a"
        href={paths.anonNewCaseExtCaseSurvey.getHref()}
        leftSection={<IconRefresh size={20} aria-hidden />}
      >
        {t('guest.lost.startAgain')}
      </Button>
    </NotFoundState>
  );
}

type Snapshot = {
  definition: SurveyDefinition;
  answers: CaseSurvey['answers'];
  submittedAt: string | null;
  updatedAt: string | null;
  estimate: CaseSurvey['careAllowanceEstimate'];
};

function ExtCaseSurvey({
  step,
  clientIdParam,
  loadCaseId,
  createdCaseId,
  onCaseCreated,
  guest,
}: {
  step: WizardStep;
  /** The anonymous wizard before sign-up: the case is read and saved through its secret. */
  guest?: GuestMode | undefined;
  /** New-case wizard: the client the case is for. */
  clientIdParam: string | null;
  /** The case whose questionnaire is loaded; null in the new-case wizard before it has a case. */
  loadCaseId: string | null;
  createdCaseId: string | null;
  onCaseCreated: (caseId: string) => void;
}) {
  const { t } = useTranslation(surveyNamespaces);
  const { locale } = useLocale();
  const navigate = useNavigate();
  const [, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const caseId = loadCaseId ?? createdCaseId;

  const secretRef = useRef(guest?.secret ?? null);
  const signedInSurvey = useCaseSurvey(guest ? null : loadCaseId, surveyType);
  const guestSurvey = useQuery({
    ...guestCaseSurveyQueryOptions(loadCaseId ?? '', guest?.secret ?? '', surveyType),
    enabled: !!guest && !!loadCaseId && !!guest.secret,
  });
  const caseSurvey = guest ? guestSurvey : signedInSurvey;
  const guestCase = useGuestCase(guest ? caseId : null, guest ? secretRef.current : null);
  const [consented, setConsented] = useState(false);
  const published = usePublishedSurvey(surveyType, loadCaseId === null);
  const caseQuery = useCase(guest ? null : caseId);
  const clientId = clientIdParam ?? caseQuery.data?.client?.id ?? null;
  const client = useOperationQuery(
    operations.getClient,
    clientId === null ? skipToken : { params: { clientId } },
  );

  const [finished, setFinished] = useState<CaseSurvey | null>(null);
  const [view, setView] = useState<'form' | 'result' | null>(null);
  const [formRound, setFormRound] = useState(0);

  const caseIdRef = useRef(caseId);
  caseIdRef.current ??= caseId;
  const creating = useRef<Promise<string> | null>(null);

  const loaded: Snapshot | null = finished
    ? {
        definition: finished.definition,
        answers: finished.answers,
        submittedAt: finished.submittedAt,
        updatedAt: finished.updatedAt,
        estimate: finished.careAllowanceEstimate,
      }
    : loadCaseId
      ? caseSurvey.data
        ? {
            definition: caseSurvey.data.definition,
            answers: caseSurvey.data.answers,
            submittedAt: caseSurvey.data.submittedAt,
            updatedAt: caseSurvey.data.updatedAt,
            estimate: caseSurvey.data.careAllowanceEstimate,
          }
        : null
      : published.data
        ? { definition: published.data, answers: {}, submittedAt: null, updatedAt: null, estimate: null }
        : null;

  const title = loaded ? localized(loaded.definition.definition.title, locale) : t('ext.title');
  // The wizard's frame names the case's client; before there is a case, the page does.
  const subtitle = caseId === null && client.data ? t('forClient', { name: client.data.fullName }) : null;

  const next = nextWizardStep(step);
  const goNext = (id: string) => {
    if (next) void navigate(wizardStepHref(next, { caseId: id, ...(clientId ? { clientId } : {}) }));
  };
  const previous = previousWizardStep(step);
  const back =
    previous && caseId
      ? () => void navigate(wizardStepHref(previous, { caseId, ...(clientId ? { clientId } : {}) }))
      : clientId
        ? () => void navigate(paths.dashboardClient.getHref({ id: clientId }))
        : undefined;

  // The new-case wizard's case comes into being with the first answer saved: once, however many
  // saves ask for it at the same time; its id then goes into the address (a reload keeps it).
  const ensureCase = (): Promise<string> => {
    if (caseIdRef.current) return Promise.resolve(caseIdRef.current);
    if (guest) {
      const today = todayIsoDate();
      creating.current ??= createGuestCase({
        date: today,
        name: t('newCaseName', { date: formatDisplayDate(today) }),
        creationKey: guestCreationKey(),
        healthDataConsent: true,
      }).then(
        (created) => {
          window.sessionStorage.removeItem(guestCreationKeyStorage);
          rememberGuestCase(created.case.id, created.secret);
          secretRef.current = created.secret;
          caseIdRef.current = created.case.id;
          moveDraft(
            draftStorageKey({ clientId: '' }, surveyType),
            draftStorageKey({ caseId: created.case.id }, surveyType),
          );
          onCaseCreated(created.case.id);
          void navigate(paths.anonNewCaseExtCaseSurvey.getHref({ caseId: created.case.id }), {
            replace: true,
          });
          return created.case.id;
        },
        (error: unknown) => {
          creating.current = null;
          throw error;
        },
      );
      return creating.current;
    }
    if (!clientIdParam) return Promise.reject(new Error('A questionnaire without a case needs its client'));
    const today = todayIsoDate();
    creating.current ??= createClientCase(clientIdParam, {
      date: today,
      fcServiceLevel: initialServiceLevel,
      name: t('newCaseName', { date: formatDisplayDate(today) }),
    }).then(
      (created) => {
        caseIdRef.current = created.id;
        moveDraft(
          draftStorageKey({ clientId: clientIdParam }, surveyType),
          draftStorageKey({ caseId: created.id }, surveyType),
        );
        onCaseCreated(created.id);
        setSearchParams(
          (current) => {
            const updated = new URLSearchParams(current);
            updated.set('caseId', created.id);
            return updated;
          },
          { replace: true },
        );
        void queryClient.invalidateQueries({ queryKey: operationKey(operations.listClientCases) });
        return created.id;
      },
      (error: unknown) => {
        creating.current = null;
        throw error;
      },
    );
    return creating.current;
  };

  const save: SendAnswers<CaseSurvey> = async (answers, { complete }) => {
    if (!loaded) throw new Error('No questionnaire loaded');
    const id = await ensureCase();
    const body = { surveyDefinitionId: loaded.definition.id, answers, complete };
    if (guest && secretRef.current) return saveGuestCaseSurvey(id, secretRef.current, surveyType, body);
    const result = await saveCaseSurvey(id, surveyType, body);
    storeCaseSurvey(queryClient, result);
    return result;
  };

  let content: React.ReactNode;
  const survey = loadCaseId ? caseSurvey : published;
  if (clientIdParam && client.isError && isMissing(client.error)) {
    return <SurveyNotFound />;
  }
  if (survey.isError && !loaded) {
    if (isMissing(survey.error)) {
      // No case (or not this person's) — or the case is there but no questionnaire is published.
      if (loadCaseId && caseQuery.isPending) content = <SurveyLoading />;
      else if (loadCaseId && !caseQuery.isSuccess) return <SurveyNotFound />;
      else content = <SurveyUnavailable onContinue={caseId ? () => goNext(caseId) : null} />;
    } else {
      content = (
        <SurveyLoadError
          retrying={survey.isFetching}
          onRetry={() => {
            void survey.refetch();
            if (caseQuery.isError) void caseQuery.refetch();
          }}
        />
      );
    }
  } else if (!loaded) {
    content = <SurveyLoading />;
  } else if (guest && caseId === null && !consented) {
    content = <GuestConsent onStart={() => setConsented(true)} />;
  } else if ((view ?? (loaded.submittedAt ? 'result' : 'form')) === 'result') {
    const estimate = loaded.estimate ?? estimateCareAllowance(loaded.answers);
    content = (
      <CareAllowanceResult
        estimate={estimate}
        country={careCountryOfRegion(client.data?.residence?.region.code)}
        onContinue={() => caseId && goNext(caseId)}
        onEdit={() => {
          setFormRound((round) => round + 1);
          setView('form');
        }}
      />
    );
  } else {
    const draftOwner = caseId ? { caseId } : { clientId: clientIdParam ?? '' };
    content = (
      <SurveyForm<CaseSurvey>
        key={formRound}
        document={loaded.definition.definition}
        definitionId={loaded.definition.id}
        initialAnswers={loaded.answers}
        serverUpdatedAt={loaded.updatedAt}
        draftKey={draftStorageKey(draftOwner, surveyType)}
        save={save}
        finishLabel={t('ext.finish')}
        intro={<ExtSurveyIntro guest={!!guest} />}
        {...(formRound > 0 ? { startPage: 0, focusOnStart: true } : {})}
        {...(back ? { backFromFirstPage: back } : {})}
        onFinished={(result) => {
          setFinished(result);
          setView('result');
          void queryClient.invalidateQueries({ queryKey: caseQueryKey(result.caseId) });
          window.scrollTo?.({ top: 0 });
        }}
      />
    );
  }

  const expiresAt = guestCase.data?.expiresAt;
  return (
    <SurveyPageFrame title={title} subtitle={subtitle}>
      {guest && caseId && expiresAt ? (
        <Alert color="blue" variant="light" role="note" icon={<IconClockHour4 aria-hidden />} mb="md">
          {t('guest.retention', { date: formatDisplayDate(expiresAt.slice(0, 10)) })}
        </Alert>
      ) : null}
      {content}
    </SurveyPageFrame>
  );
}

/**
 * The extended case survey (what the person manages and where they need help), in both wizards: the
 * new-client wizard's case is in the path; the new-case wizard starts from the client and gets its
 * case on the first answer saved (`?caseId=`). Finishing shows the care-allowance estimate, then
 * Continue leads to the case survey.
 */
export function ExtCaseSurveyPage() {
  const step = useWizardStep('extCaseSurvey');
  const params = useParams();
  const user = useSessionUser();
  const [createdCaseId, setCreatedCaseId] = useState<string | null>(null);
  if (step === 'anonNewCaseExtCaseSurvey') {
    const urlCaseId = params.caseId ?? null;
    // Signed in: a case of this browser was claimed on the way in (the layout); without one, the
    // account's own wizard starts with the client.
    if (user && !urlCaseId && !createdCaseId) {
      return <Navigate replace to={paths.redirectAfterRegistration.getHref()} />;
    }
    const secret = user ? null : guestSecretOf(urlCaseId ?? createdCaseId);
    if (!user && urlCaseId && !secret) return <GuestCaseLost />;
    const loadCaseId = urlCaseId !== null && urlCaseId !== createdCaseId ? urlCaseId : null;
    return (
      <ExtCaseSurvey
        key={`anon:${loadCaseId ?? ''}:${user ? 'user' : 'guest'}`}
        step={step}
        clientIdParam={null}
        loadCaseId={loadCaseId}
        createdCaseId={createdCaseId}
        onCaseCreated={setCreatedCaseId}
        guest={user ? undefined : { secret }}
      />
    );
  }
  return (
    <LoggedInExtCaseSurveyPage step={step} createdCaseId={createdCaseId} onCaseCreated={setCreatedCaseId} />
  );
}

function LoggedInExtCaseSurveyPage({
  step,
  createdCaseId,
  onCaseCreated,
}: {
  step: WizardStep;
  createdCaseId: string | null;
  onCaseCreated: (caseId: string) => void;
}) {
  const params = useParams();
  const [searchParams] = useSearchParams();
  const setCreatedCaseId = onCaseCreated;
  const newCaseWizard = step === 'newCaseWizardExtCaseSurvey';
  const clientIdParam = newCaseWizard ? (params.clientId ?? null) : null;
  const urlCaseId = newCaseWizard ? searchParams.get('caseId') : (params.caseId ?? null);
  // A case this page created keeps the questionnaire on the screen; any other case is loaded anew.
  const loadCaseId = urlCaseId !== null && urlCaseId !== createdCaseId ? urlCaseId : null;
  return (
    <ExtCaseSurvey
      key={`${clientIdParam ?? ''}:${loadCaseId ?? ''}`}
      step={step}
      clientIdParam={clientIdParam}
      loadCaseId={loadCaseId}
      createdCaseId={createdCaseId}
      onCaseCreated={setCreatedCaseId}
    />
  );
}
