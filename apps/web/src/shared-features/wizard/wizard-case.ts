import type { Case, SubscriptionSummary, SubscriptionVariant } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { skipToken, useQuery } from '@tanstack/react-query';
import { type Params, useParams, useSearchParams } from 'react-router';
import {
  assistantSteps,
  isPaymentStep,
  isWizardStep,
  type WizardStep,
  wizardOf,
  wizardSteps,
} from '@/config/wizard-steps.ts';
import { operationQueryOptions } from '@/lib/operations.ts';
import { useSessionUser } from '@/lib/session.ts';
import {
  subscriptionTypesQueryOptions,
  variantOfSubscription,
} from '@/shared-features/subscriptions/subscription-queries.ts';

export { isWizardStep };

/**
 * `getCase` as the wizards read it: the layout route's loader fetches it once, every step reads it
 * from the cache under the same key (the operations table's), so none waits for it again.
 */
export function wizardCaseQueryOptions(caseId: string) {
  return operationQueryOptions(operations.getCase, { params: { caseId } });
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
  const query = useQuery(
    caseId === null ? operationQueryOptions(operations.getCase, skipToken) : wizardCaseQueryOptions(caseId),
  );
  return { caseId, ...query };
}

const surveyOfStep: Partial<Record<WizardStep, Case['surveys'][number]['type']>> = {
  newClientWizardExtCaseSurvey: 'extended-case',
  newCaseWizardExtCaseSurvey: 'extended-case',
  newClientWizardCaseSurvey: 'case',
  newCaseWizardCaseSurvey: 'case',
  anonNewCaseExtCaseSurvey: 'extended-case',
  anonNewCaseCaseSurvey: 'case',
};

/** The steps a live subscription completes: a plan is chosen and paid for. */
const subscriptionSteps: readonly WizardStep[] = [
  'newClientWizardServiceOffer',
  'newClientWizardPayment',
  'newCaseWizardServiceOffer',
  'newCaseWizardPayment',
  'anonNewCaseServiceOffer',
  'anonNewCasePayment',
  'anonNewClientServiceOffer',
  'anonNewClientPayment',
];

/**
 * Whether a step's work is done: the case's client entered, its questionnaire completed, a plan
 * chosen and paid for (the user's live `subscription`). The last steps (services, assistant contact)
 * stay open: more requests can always be sent.
 */
export function isStepDone(
  step: WizardStep,
  wizardCase: Case,
  subscription: SubscriptionSummary | null,
): boolean {
  if (
    step === 'newClientWizardNewClient' ||
    step === 'anonNewCaseNewClient' ||
    step === 'anonNewClientNewClient'
  )
    return wizardCase.client !== null;
  // The case loads through the account only once it is claimed: the sign-up is done.
  if (step === 'anonNewCaseRegister') return true;
  if (subscriptionSteps.includes(step)) return subscription !== null;
  const survey = surveyOfStep[step];
  return survey !== undefined && wizardCase.surveys.some((s) => s.type === survey && s.state === 'completed');
}

/**
 * Which way the wizard ends for this user (SPEC §4: payment, then assistant info or services): on the
 * branch's own last step, that branch; on the payment step, the chosen plan's variant; elsewhere the
 * variant of the user's live subscription, self-managed without one. Plans share their ids across
 * currencies, so the crowns' list answers the variant of any.
 */
export function useWizardVariant(step: WizardStep | undefined): SubscriptionVariant {
  const user = useSessionUser();
  const { subscriptionTypeId } = useParams();
  const onPayment = isPaymentStep(step);
  const types = useQuery({
    ...subscriptionTypesQueryOptions('CZK'),
    enabled: onPayment && !!subscriptionTypeId,
  });
  if (!step) return 'self-managed';
  const kind = wizardOf(step);
  if (step === assistantSteps[kind]) return 'with-assistant';
  if (step === wizardSteps[kind][wizardSteps[kind].length - 1]) return 'self-managed';
  const chosen = onPayment ? types.data?.find((type) => type.id === subscriptionTypeId) : undefined;
  return chosen?.variant ?? variantOfSubscription(user?.subscription) ?? 'self-managed';
}
