import { describe, expect, it } from 'vitest';
import {
  afterPaymentStep,
  isWizardStep,
  nextWizardStep,
  previousWizardStep,
  wizardOf,
  wizardPath,
  wizardStepHref,
} from './wizard-steps.ts';

const caseId = '6d1f0c3e-2a53-4a4c-9d7e-1f1e0a1b2c3d';
const typeId = '0b7e4f7a-8a1c-4c55-9a57-6f0f2d1e9b10';

describe('wizard steps', () => {
  it('end with the services on a self-managed plan and with the assistant contact on the assistant plan', () => {
    expect(wizardPath('newClient', 'self-managed').slice(-3)).toEqual([
      'newClientWizardServiceOffer',
      'newClientWizardPayment',
      'newClientWizardServices',
    ]);
    expect(wizardPath('newCase', 'with-assistant').slice(-3)).toEqual([
      'newCaseWizardServiceOffer',
      'newCaseWizardPayment',
      'newCaseWizardAssistantInfo',
    ]);
    expect(wizardPath('newClient', 'with-assistant')).toHaveLength(6);
    expect(wizardPath('newCase', 'self-managed')).toHaveLength(5);
  });

  it('go on after the payment by the plan', () => {
    expect(nextWizardStep('newClientWizardPayment', 'with-assistant')).toBe('newClientWizardAssistantInfo');
    expect(nextWizardStep('newClientWizardPayment')).toBe('newClientWizardServices');
    expect(afterPaymentStep('newCase', 'with-assistant')).toBe('newCaseWizardAssistantInfo');
    expect(afterPaymentStep('newCase', 'self-managed')).toBe('newCaseWizardServices');
    expect(nextWizardStep('newClientWizardServices')).toBeNull();
    expect(nextWizardStep('newCaseWizardAssistantInfo', 'with-assistant')).toBeNull();
  });

  it('lead back from either last step to the payment', () => {
    expect(previousWizardStep('newClientWizardAssistantInfo')).toBe('newClientWizardPayment');
    expect(previousWizardStep('newCaseWizardServices')).toBe('newCaseWizardPayment');
    expect(previousWizardStep('newCaseWizardExtCaseSurvey')).toBeNull();
  });

  it('know their wizard, the assistant steps included', () => {
    expect(wizardOf('newClientWizardAssistantInfo')).toBe('newClient');
    expect(wizardOf('newCaseWizardAssistantInfo')).toBe('newCase');
    expect(isWizardStep('newCaseWizardAssistantInfo')).toBe(true);
    expect(isWizardStep('dashboardClient')).toBe(false);
    expect(isWizardStep(undefined)).toBe(false);
  });

  it('link the payment step with the chosen plan, and refuse one without it', () => {
    expect(wizardStepHref('newCaseWizardPayment', { caseId, subscriptionTypeId: typeId })).toBe(
      `/new-case-wizard/payment/${caseId}/${typeId}`,
    );
    expect(() => wizardStepHref('newClientWizardPayment', { caseId })).toThrow();
    expect(wizardStepHref('newClientWizardServices', { caseId })).toBe(
      `/new-client-wizard/services/${caseId}`,
    );
  });
});
