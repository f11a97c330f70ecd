import { expect, type Page } from '@playwright/test';

/** The choices of the embedded test gateway's page (our own origin), by the words on its buttons. */
export const gatewayChoice = {
  success: /^Zaplatit \(obnovení projdou\)/,
  failure: /^Platba zamítnuta/,
  cancel: /^Zpět do Opory/,
} as const;

/** On the test gateway's page, chooses as a tester does. */
export async function chooseAtGateway(page: Page, choice: RegExp): Promise<void> {
  await expect(page).toHaveURL(/\/api\/v1\/test-gateway\/checkouts\/tgw_[0-9a-f]{32}$/);
  await page.getByRole('button', { name: choice }).click();
}

/**
 * Takes out a plan as a carer does, from a case's service offer in the new-client wizard: the plan's
 * card, the payment step, the test gateway's "pay"; waits until the wizard went on after the payment.
 */
export async function subscribeThroughGateway(
  page: Page,
  caseId: string,
  plan: 'Samostatně' | 'S asistentem' = 'Samostatně',
): Promise<void> {
  await page.goto(`/new-client-wizard/service-offer/${caseId}`);
  await page.getByRole('link', { name: `Vybrat předplatné ${plan}` }).click();
  await page.getByRole('button', { name: /^Zaplatit / }).click();
  await chooseAtGateway(page, gatewayChoice.success);
  await expect(page).toHaveURL(
    plan === 'Samostatně'
      ? `/new-client-wizard/services/${caseId}`
      : `/new-client-wizard/assistant-info/${caseId}`,
  );
}
