import { Paper, Stack, Text, Title } from '@mantine/core';
import type { CaseSurvey } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { nextWizardStep, previousWizardStep, wizardStepHref } from '@/config/wizard-steps.ts';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { operationKey } from '@/lib/operations.ts';
import { draftStorageKey } from '@/shared-features/surveys/draft-storage.ts';
import type { SendAnswers } from '@/shared-features/surveys/save-queue.ts';
import classes from '@/shared-features/surveys/survey.module.css';
import { SurveyForm } from '@/shared-features/surveys/survey-form.tsx';
import { localized } from '@/shared-features/surveys/survey-logic.ts';
import { surveyNamespaces } from '@/shared-features/surveys/survey-question.tsx';
import { caseQueryKey, useCase } from '../api/get-case.ts';
import { storeCaseSurvey, useCaseSurvey } from '../api/get-case-survey.ts';
import { saveCaseSurvey } from '../api/save-case-survey.ts';
import { useWizardStep } from '../hooks/use-wizard-step.ts';
import {
  EditOrContinue,
  isMissing,
  SurveyIntro,
  SurveyLoadError,
  SurveyLoading,
  SurveyNotFound,
  SurveyPageFrame,
  SurveyUnavailable,
} from './survey-states.tsx';

const surveyType = 'case' as const;

function CaseSurveyIntro() {
  const { t } = useTranslation(surveyNamespaces);
  return (
    <SurveyIntro id="case-intro" title={t('case.intro.title')}>
      <Text>{t('case.intro.text')}</Text>
    </SurveyIntro>
  );
}

/** A questionnaire already sent: go on, or change the answers. */
function CaseSurveyDone({
  submittedAt,
  onContinue,
  onEdit,
}: {
  submittedAt: string;
  onContinue: () => void;
  onEdit: () => void;
}) {
  const { t } = useTranslation(surveyNamespaces);
  const { locale } = useLocale();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(submittedAt));
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Title order={2} ref={headingRef} tabIndex={-1} className={classes.pageHeading}>
          <IconCircleCheck
            size={28}
            aria-hidden
            color="var(--mantine-color-opora-7, currentColor)"
            style={{ verticalAlign: 'text-bottom', marginRight: 8 }}
          />
          {t('case.done.title')}
        </Title>
        <Text>{t('case.done.text', { date })}</Text>
        <EditOrContinue continueLabel={t('case.done.continue')} onEdit={onEdit} onContinue={onContinue} />
      </Stack>
    </Paper>
  );
}

/**
 * The case survey (what help is sought), in both wizards: the same renderer; Finish sends the answers
 * as complete and goes on to the service offer, which recommends services from them.
 */
export function CaseSurveyPage() {
  const step = useWizardStep('caseSurvey');
  const { caseId = '' } = useParams();
  return <CaseSurveyStep key={caseId} step={step} caseId={caseId} />;
}

function CaseSurveyStep({ step, caseId }: { step: ReturnType<typeof useWizardStep>; caseId: string }) {
  const { t } = useTranslation(surveyNamespaces);
  const { locale } = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const survey = useCaseSurvey(caseId, surveyType);
  const caseQuery = useCase(caseId);
  const [editing, setEditing] = useState(false);

  const clientId = caseQuery.data?.client?.id;
  const next = nextWizardStep(step);
  const previous = previousWizardStep(step);
  const goNext = () => {
    if (next) void navigate(wizardStepHref(next, { caseId }));
  };
  // The new-case wizard's previous step is keyed by the client as well.
  const back =
    previous && (previous !== 'newCaseWizardExtCaseSurvey' || clientId)
      ? () => void navigate(wizardStepHref(previous, { caseId, ...(clientId ? { clientId } : {}) }))
      : undefined;

  const data = survey.data;
  const title = data ? localized(data.definition.definition.title, locale) : t('case.title');

  const save: SendAnswers<CaseSurvey> = async (answers, { complete }) => {
    if (!data) throw new Error('No questionnaire loaded');
    const result = await saveCaseSurvey(caseId, surveyType, {
      surveyDefinitionId: data.definition.id,
      answers,
      complete,
    });
    storeCaseSurvey(queryClient, result);
    return result;
  };

  let content: React.ReactNode;
  if (survey.isError) {
    if (isMissing(survey.error)) {
      if (caseQuery.isPending) content = <SurveyLoading />;
      else if (!caseQuery.isSuccess) return <SurveyNotFound />;
      else content = <SurveyUnavailable onContinue={goNext} />;
    } else {
      content = <SurveyLoadError retrying={survey.isFetching} onRetry={() => void survey.refetch()} />;
    }
  } else if (!data) {
    content = <SurveyLoading />;
  } else if (data.submittedAt && !editing) {
    content = (
      <CaseSurveyDone submittedAt={data.submittedAt} onContinue={goNext} onEdit={() => setEditing(true)} />
    );
  } else {
    content = (
      <SurveyForm<CaseSurvey>
        document={data.definition.definition}
        definitionId={data.definition.id}
        initialAnswers={data.answers}
        serverUpdatedAt={data.updatedAt}
        draftKey={draftStorageKey({ caseId }, surveyType)}
        save={save}
        finishLabel={t('case.finish')}
        intro={<CaseSurveyIntro />}
        {...(editing ? { startPage: 0, focusOnStart: true } : {})}
        {...(back ? { backFromFirstPage: back } : {})}
        onFinished={() => {
          void queryClient.invalidateQueries({ queryKey: caseQueryKey(caseId) });
          // The services recommended follow from the answers.
          void queryClient.invalidateQueries({ queryKey: operationKey(operations.getClientServiceOffer) });
          goNext();
        }}
      />
    );
  }

  return <SurveyPageFrame title={title}>{content}</SurveyPageFrame>;
}
