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
