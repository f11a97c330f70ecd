import { useParams } from 'react-router';
import { type WizardStep, wizardSteps } from '@/config/wizard-steps.ts';
import { useRouteHandle } from '@/lib/route-handle.ts';

const allSteps: readonly string[] = [
  ...wizardSteps.newClient,
  ...wizardSteps.newCase,
  ...wizardSteps.anonNewCase,
];

/**
 * The wizard step this page is (its route's name): the same page serves the new-client and the
 * new-case wizard, which differ in where Back and Continue lead.
 */
export function useWizardStep(page: 'extCaseSurvey' | 'caseSurvey'): WizardStep {
  const name = useRouteHandle()?.name;
  const { clientId } = useParams();
  if (name && allSteps.includes(name)) return name as WizardStep;
  if (page === 'extCaseSurvey')
    return clientId ? 'newCaseWizardExtCaseSurvey' : 'newClientWizardExtCaseSurvey';
  return 'newClientWizardCaseSurvey';
}
