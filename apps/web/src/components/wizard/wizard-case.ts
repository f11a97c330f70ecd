import { type Case, getCaseRoute } from '@opora/contracts';
import { useQuery } from '@tanstack/react-query';
import { type Params, useParams, useSearchParams } from 'react-router';
import { type WizardStep, wizardSteps } from '@/config/wizard-steps.ts';
import { operationQueryOptions } from '@/lib/operations.ts';

/**
 * `getCase` as the wizards read it: the layout route's loader fetches it once, every step reads it
 * from the cache under the same key (the operations table's), so none waits for it again.
 */
export function wizardCaseQueryOptions(caseId: string) {
  return operationQueryOptions(getCaseRoute, { params: { caseId } });
}

/** The case of a wizard step: `:caseId`, or `?caseId=` on the new-case wizard's first step. */
export function wizardCaseId(params: Params, search: URLSearchParams): string | null {
  return params.caseId ?? search.get('caseId') ?? null;
}

/** The current step's case (loaded by the layout route); `caseId` is null before one exists. */
export function useWizardCase() {
  const params = useParams();
  const [search] = useSearchParams();
  const caseId = wizardCaseId(params, search);
  const query = useQuery({ ...wizardCaseQueryOptions(caseId ?? ''), enabled: caseId !== null });
  return { caseId, ...query };
}

const surveyOfStep: Partial<Record<WizardStep, Case['surveys'][number]['type']>> = {
  newClientWizardExtCaseSurvey: 'extended-case',
  newCaseWizardExtCaseSurvey: 'extended-case',
  newClientWizardCaseSurvey: 'case',
  newCaseWizardCaseSurvey: 'case',
};

/** Whether a step's work is done for the case: its client entered, its questionnaire completed. */
export function isStepDone(step: WizardStep, wizardCase: Case): boolean {
  if (step === 'newClientWizardNewClient') return wizardCase.client !== null;
  const survey = surveyOfStep[step];
  return survey !== undefined && wizardCase.surveys.some((s) => s.type === survey && s.state === 'completed');
}

export function isWizardStep(name: string | undefined): name is WizardStep {
  return Object.values(wizardSteps).some((steps) => (steps as readonly string[]).includes(name ?? ''));
}
