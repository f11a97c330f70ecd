import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { sendRequestByApi } from './carer-data.ts';

import { expect, test } from './fixtures.ts';
import { signInThroughForm } from './identity.ts';
import { ownProvider } from './staff.ts';

// The provider's internal note asks before a page change drops text that has not reached the server
// (issue 22 §1: `useBlocker`). The test makes its own provider and request (e2e/staff.ts,
// e2e/carer-requests.ts) and answers as the provider's coordinator; offline, the note cannot be saved,
// so leaving asks.

/** Every failed call while the browser is offline, and the note's own save retried. */
const offlineCall = /Failed to load resource: net::ERR_INTERNET_DISCONNECTED/;

/** A request to a provider of the test's own, and that provider's coordinator signed in on `page`. */
async function sentToOwnProvider(page: Page, request: APIRequestContext, browser: Browser) {
  const provider = await ownProvider(request);
  const sent = await sendRequestByApi(browser, request, provider);
  await sent.carer.context().close();
  await signInThroughForm(page, provider.coordinator.email, provider.coordinator.password);
  await expect(page).not.toHaveURL(/\/login/);
  return sent;
}

test('the note asks before leaving text the server has not taken: staying keeps it, leaving drops it', async ({
  page,
  request,
  browser,
  problems,
}) => {
  test.setTimeout(120_000);
  const sent = await sentToOwnProvider(page, request, browser);

  // Opened from the grid, as a coordinator does: the grid's code is loaded when the request is left.
  await page.goto(`/provider/requests?client=${encodeURIComponent(sent.code)}`);
  await page.getByRole('link', { name: sent.code, exact: true }).click();
  await expect(page).toHaveURL(`/provider/requests/${sent.id}`);
  const note = page.getByRole('textbox', { name: 'Interní poznámka' });
  const status = page.getByRole('region', { name: 'Interní poznámka' }).getByRole('status');
  const back = page.getByRole('link', { name: 'Zpět na poptávky' });
  const dialog = page.getByRole('dialog', { name: 'Odejít bez uložení poznámky?' });

  // The request is there before the connection goes.
  await expect(note).toHaveValue('');
  problems.allow(offlineCall);
  await page.context().setOffline(true);
  await note.fill('Zavolat synovi ve čtvrtek.');
  await expect(status).toHaveText(/jste offline/);

  await back.click();
  await expect(dialog).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(violations.map((violation) => violation.id)).toEqual([]);
  // The safe answer has the focus: Enter stays.
  await expect(dialog.getByRole('button', { name: 'Zůstat u poptávky' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(`/provider/requests/${sent.id}`);
  await expect(note).toHaveValue('Zavolat synovi ve čtvrtek.');

  await back.click();
  await dialog.getByRole('button', { name: 'Odejít a zahodit' }).click();
  await expect(page).toHaveURL(/\/provider\/requests(\?|$)/);

  // Back online, the dropped text is not sent: the request's note is still empty.
  await page.context().setOffline(false);
  await page.goto(`/provider/requests/${sent.id}`);
  await expect(note).toHaveValue('');
});

test('a note the server has taken leaves without asking', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  const sent = await sentToOwnProvider(page, request, browser);
  await page.goto(`/provider/requests/${sent.id}`);
  const note = page.getByRole('textbox', { name: 'Interní poznámka' });
  // Typed and left at once: leaving sends it first, and the page changes once the server has it.
  await note.fill('Domluveno na pondělí.');
  await page.getByRole('link', { name: 'Zpět na poptávky' }).click();
  await expect(page).toHaveURL(/\/provider\/requests(\?|$)/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.goto(`/provider/requests/${sent.id}`);
  await expect(note).toHaveValue('Domluveno na pondělí.');
});
