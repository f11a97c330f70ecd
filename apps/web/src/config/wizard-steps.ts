import { paths, type SubscriptionVariant } from '@opora/contracts';

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
} as const;
export type WizardKind = keyof typeof wizardSteps;

/** The with-assistant branch's last step, in place of each wizard's services step. */
export const assistantSteps = {
  newClient: 'newClientWizardAssistantInfo',
  newCase: 'newCaseWizardAssistantInfo',
} as const satisfies Record<WizardKind, string>;

export type WizardStep = (typeof wizardSteps)[WizardKind][number] | (typeof assistantSteps)[WizardKind];

/** Every step of a wizard, either branch. */
function stepsOf(kind: WizardKind): readonly WizardStep[] {
  return [...wizardSteps[kind], assistantSteps[kind]];
}

/** The kind of wizard a step belongs to. */
export function wizardOf(step: WizardStep): WizardKind {
  return stepsOf('newClient').includes(step) ? 'newClient' : 'newCase';
}

/** Whether a route name is a step of either wizard. */
export function isWizardStep(name: string | undefined): name is WizardStep {
  return (['newClient', 'newCase'] as const).some((kind) =>
    (stepsOf(kind) as readonly string[]).includes(name ?? ''),
  );
}

/** A wizard's steps in order, on the branch of the plan's variant (self-managed ends with the services). */
export function wizardPath(kind: WizardKind, variant: SubscriptionVariant): readonly WizardStep[] {
  const steps: readonly WizardStep[] = wizardSteps[kind];
  return variant === 'with-assistant' ? [...steps.slice(0, -1), assistantSteps[kind]] : steps;
}

/** The wizard's payment step. */
export function paymentStepOf(kind: WizardKind): WizardStep {
  return kind === 'newClient' ? 'newClientWizardPayment' : 'newCaseWizardPayment';
}

/** The wizard's service-offer step (where plans are chosen). */
export function serviceOfferStepOf(kind: WizardKind): WizardStep {
  return kind === 'newClient' ? 'newClientWizardServiceOffer' : 'newCaseWizardServiceOffer';
}

/** The step after the payment: the assistant contact with an assistant, else the services. */
export function afterPaymentStep(kind: WizardKind, variant: SubscriptionVariant): WizardStep {
  return variant === 'with-assistant'
    ? assistantSteps[kind]
    : wizardSteps[kind][wizardSteps[kind].length - 1]!;
}

export type WizardStepIds = { caseId: string; clientId?: string; subscriptionTypeId?: string };

/**
 * Link to a step of a case's wizard; the new-case wizard's first step needs the client as well, the
 * payment step the chosen plan.
 */
export function wizardStepHref(step: WizardStep, ids: WizardStepIds): string {
  if (step === 'newCaseWizardExtCaseSurvey') {
    if (!ids.clientId) throw new Error('The new-case wizard starts from a client');
    return paths.newCaseWizardExtCaseSurvey.getHref({ clientId: ids.clientId }, { caseId: ids.caseId });
  }
  if (step === 'newClientWizardPayment' || step === 'newCaseWizardPayment') {
    if (!ids.subscriptionTypeId) throw new Error('The payment step needs the chosen plan');
    return paths[step].getHref({ caseId: ids.caseId, subscriptionTypeId: ids.subscriptionTypeId });
  }
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
