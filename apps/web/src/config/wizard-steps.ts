import { isOneOf, paths, type SubscriptionVariant } from '@opora/contracts';

/**
 * The steps of the logged-in wizards (SPEC §4), in order, as route names.
 *
 * - new-client wizard: client details → extended survey → case survey → service offer → payment →
 *   services, every step keyed by the case (`/new-client-wizard/<step>/:caseId`; the payment step
 *   by the chosen plan as well, `/payment/:caseId/:subscriptionTypeId`);
 * - new-case wizard: extended survey → case survey → service offer → payment → services for an
 *   existing client; its first step is keyed by the client (`/new-case-wizard/ext-case-survey/:clientId`)
 *   and creates the case on the first answer saved, carrying it on as `?caseId=`.
 *
 * The path branches after the payment: a plan with an assistant ends with the assistant contact
 * step (`assistantSteps`) instead of the services.
 *
 * The anonymous flows (SPEC §2, §4) reuse the same step pages under their own prefixes:
 * - anonymous new-case wizard: extended survey (a guest's case, held by a secret in the browser) →
 *   register (sign-up, then the case is claimed) → client details → case survey → service offer →
 *   payment → services (or the assistant contact), every step keyed by the case;
 * - anonymous new-client flow, for one chosen service (`:serviceId` in every path): client details →
 *   service offer → payment → the request review of that service (or the assistant contact).
 */
export const wizardSteps = {
  newClient: [
    'newClientWizardNewClient',
    'newClientWizardExtCaseSurvey',
    'newClientWizardCaseSurvey',
    'newClientWizardServiceOffer',
    'newClientWizardPayment',
    'newClientWizardServices',
  ],
  newCase: [
    'newCaseWizardExtCaseSurvey',
    'newCaseWizardCaseSurvey',
    'newCaseWizardServiceOffer',
    'newCaseWizardPayment',
    'newCaseWizardServices',
  ],
  anonNewCase: [
    'anonNewCaseExtCaseSurvey',
    'anonNewCaseRegister',
    'anonNewCaseNewClient',
    'anonNewCaseCaseSurvey',
    'anonNewCaseServiceOffer',
    'anonNewCasePayment',
    'anonNewCaseServices',
  ],
  // Ends with the request of the chosen service (a dashboard page, outside the wizard's frame).
  anonNewClient: [
    'anonNewClientNewClient',
    'anonNewClientServiceOffer',
    'anonNewClientPayment',
    'dashboardRequestReview',
  ],
} as const;
export type WizardKind = keyof typeof wizardSteps;

/** The with-assistant branch's last step, in place of each wizard's services step. */
export const assistantSteps = {
  newClient: 'newClientWizardAssistantInfo',
  newCase: 'newCaseWizardAssistantInfo',
  anonNewCase: 'anonNewCaseAssistantInfo',
  anonNewClient: 'anonNewClientAssistantInfo',
} as const satisfies Record<WizardKind, string>;

const wizardKinds = Object.keys(wizardSteps) as WizardKind[];

/** The anonymous new-case wizard's steps a guest may open (before sign-up): the rest need an account. */
export const guestSteps: readonly WizardStep[] = ['anonNewCaseExtCaseSurvey', 'anonNewCaseRegister'];

export type WizardStep = (typeof wizardSteps)[WizardKind][number] | (typeof assistantSteps)[WizardKind];

/** Every step of a wizard, either branch. */
function stepsOf(kind: WizardKind): readonly WizardStep[] {
  return [...wizardSteps[kind], assistantSteps[kind]];
}

/** The kind of wizard a step belongs to. */
export function wizardOf(step: WizardStep): WizardKind {
  return wizardKinds.find((kind) => stepsOf(kind).includes(step)) ?? 'newCase';
}

/** Whether a route name is a step of either wizard. */
export function isWizardStep(name: string | undefined): name is WizardStep {
  // The request review ends the anonymous new-client flow but is a page of its own.
  if (name === 'dashboardRequestReview') return false;
  return wizardKinds.some((kind) => isOneOf(stepsOf(kind), name));
}

/** A wizard's steps in order, on the branch of the plan's variant (self-managed ends with the services). */
export function wizardPath(kind: WizardKind, variant: SubscriptionVariant): readonly WizardStep[] {
  const steps: readonly WizardStep[] = wizardSteps[kind];
  return variant === 'with-assistant' ? [...steps.slice(0, -1), assistantSteps[kind]] : steps;
}

/** The wizard's payment step. */
export function paymentStepOf(kind: WizardKind): WizardStep {
  return paymentSteps[kind];
}

const paymentSteps = {
  newClient: 'newClientWizardPayment',
  newCase: 'newCaseWizardPayment',
  anonNewCase: 'anonNewCasePayment',
  anonNewClient: 'anonNewClientPayment',
} as const satisfies Record<WizardKind, WizardStep>;

/** Whether a step is a wizard's payment step (keyed by the chosen plan as well). */
export function isPaymentStep(step: string | undefined): boolean {
  return isOneOf(Object.values(paymentSteps), step);
}

/** The wizard's service-offer step (where plans are chosen). */
export function serviceOfferStepOf(kind: WizardKind): WizardStep {
  return serviceOfferSteps[kind];
}

const serviceOfferSteps = {
  newClient: 'newClientWizardServiceOffer',
  newCase: 'newCaseWizardServiceOffer',
  anonNewCase: 'anonNewCaseServiceOffer',
  anonNewClient: 'anonNewClientServiceOffer',
} as const satisfies Record<WizardKind, WizardStep>;

/** The step after the payment: the assistant contact with an assistant, else the services. */
export function afterPaymentStep(kind: WizardKind, variant: SubscriptionVariant): WizardStep {
  return variant === 'with-assistant'
    ? assistantSteps[kind]
    : wizardSteps[kind][wizardSteps[kind].length - 1]!;
}

export type WizardStepIds = {
  caseId: string;
  clientId?: string | undefined;
  subscriptionTypeId?: string | undefined;
  /** The anonymous new-client flow's chosen service (in every one of its paths). */
  serviceId?: string | undefined;
};

/**
 * Link to a step of a case's wizard; the new-case wizard's first step needs the client as well, the
 * payment step the chosen plan.
 */
export function wizardStepHref(step: WizardStep, ids: WizardStepIds): string {
  if (step === 'newCaseWizardExtCaseSurvey') {
    if (!ids.clientId) throw new Error('The new-case wizard starts from a client');
    return paths.newCaseWizardExtCaseSurvey.getHref({ clientId: ids.clientId }, { caseId: ids.caseId });
  }
  if (wizardOf(step) === 'anonNewClient') {
    if (!ids.serviceId) throw new Error('The anonymous new-client flow needs the chosen service');
    const serviceId = ids.serviceId;
    if (step === 'anonNewClientNewClient') return paths.anonNewClientNewClient.getHref({ serviceId });
    if (step === 'anonNewClientPayment') {
      if (!ids.subscriptionTypeId) throw new Error('The payment step needs the chosen plan');
      const subscriptionTypeId = ids.subscriptionTypeId;
      return paths.anonNewClientPayment.getHref({ serviceId, caseId: ids.caseId, subscriptionTypeId });
    }
    if (step === 'dashboardRequestReview')
      return paths.dashboardRequestReview.getHref({ caseId: ids.caseId, serviceId });
    if (step === 'anonNewClientServiceOffer' || step === 'anonNewClientAssistantInfo')
      return paths[step].getHref({ serviceId, caseId: ids.caseId });
  }
  if (step === 'newClientWizardPayment' || step === 'newCaseWizardPayment' || step === 'anonNewCasePayment') {
    if (!ids.subscriptionTypeId) throw new Error('The payment step needs the chosen plan');
    return paths[step].getHref({ caseId: ids.caseId, subscriptionTypeId: ids.subscriptionTypeId });
  }
  if (step === 'anonNewCaseExtCaseSurvey')
    return paths.anonNewCaseExtCaseSurvey.getHref({ caseId: ids.caseId });
  if (step === 'anonNewCaseNewClient') return paths.anonNewCaseNewClient.getHref({ caseId: ids.caseId });
  if (
    step === 'anonNewClientNewClient' ||
    step === 'anonNewClientPayment' ||
    step === 'dashboardRequestReview'
  )
    throw new Error('Unreachable: the anonymous new-client flow is handled above');
  if (step === 'anonNewClientServiceOffer' || step === 'anonNewClientAssistantInfo')
    throw new Error('Unreachable: the anonymous new-client flow is handled above');
  return paths[step].getHref({ caseId: ids.caseId });
}

/**
 * The step after `step` in its wizard (on the variant's branch; self-managed by default), or null
 * after the last one.
 */
export function nextWizardStep(
  step: WizardStep,
  variant: SubscriptionVariant = 'self-managed',
): WizardStep | null {
  const steps = wizardPath(wizardOf(step), variant);
  const index = steps.indexOf(step);
  return index === -1 ? null : (steps[index + 1] ?? null);
}

/** The step before `step` in its wizard, or null on the first one. */
export function previousWizardStep(step: WizardStep): WizardStep | null {
  const kind = wizardOf(step);
  const steps = wizardPath(kind, step === assistantSteps[kind] ? 'with-assistant' : 'self-managed');
  return steps[steps.indexOf(step) - 1] ?? null;
}
