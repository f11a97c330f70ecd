import { paths } from '@opora/contracts';

/**
 * The steps of the logged-in wizards (SPEC §4), in order, as route names. This steps end at
 * the service offer; payment, assistant info and services follow with the request issue.
 *
 * - new-client wizard: client details → extended survey → case survey → service offer, every step
 *   keyed by the case (`/new-client-wizard/<step>/:caseId`);
 * - new-case wizard: extended survey → case survey → service offer for an existing client; its first
 *   step is keyed by the client (`/new-case-wizard/ext-case-survey/:clientId`) and creates the case on
 *   the first answer saved, carrying it on as `?caseId=`.
 */
export const wizardSteps = {
  newClient: [
    'newClientWizardNewClient',
    'newClientWizardExtCaseSurvey',
    'newClientWizardCaseSurvey',
    'newClientWizardServiceOffer',
  ],
  newCase: ['newCaseWizardExtCaseSurvey', 'newCaseWizardCaseSurvey', 'newCaseWizardServiceOffer'],
} as const;
export type WizardKind = keyof typeof wizardSteps;
export type WizardStep = (typeof wizardSteps)[WizardKind][number];

/** The kind of wizard a step belongs to. */
export function wizardOf(step: WizardStep): WizardKind {
  return (wizardSteps.newClient as readonly string[]).includes(step) ? 'newClient' : 'newCase';
}

/** Link to a step of a case's wizard; the new-case wizard's first step needs the client as well. */
export function wizardStepHref(step: WizardStep, ids: { caseId: string; clientId?: string }): string {
  if (step === 'newCaseWizardExtCaseSurvey') {
    if (!ids.clientId) throw new Error('The new-case wizard starts from a client');
    return paths.newCaseWizardExtCaseSurvey.getHref({ clientId: ids.clientId }, { caseId: ids.caseId });
  }
  return paths[step].getHref({ caseId: ids.caseId });
}

/** The step after `step` in its wizard, or null after the last one. */
export function nextWizardStep(step: WizardStep): WizardStep | null {
  const steps: readonly WizardStep[] = wizardSteps[wizardOf(step)];
  return steps[steps.indexOf(step) + 1] ?? null;
}

/** The step before `step` in its wizard, or null on the first one. */
export function previousWizardStep(step: WizardStep): WizardStep | null {
  const steps: readonly WizardStep[] = wizardSteps[wizardOf(step)];
  return steps[steps.indexOf(step) - 1] ?? null;
}
