import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { giveSubscription, withDatabase } from './database.ts';
import { expect, test } from './fixtures.ts';
import { newPerson, signInThroughForm, signUpByApi } from './identity.ts';

// The provider's internal note asks before a page change drops text that has not reached the server
// (issue 22 §1: `useBlocker`). The test makes its own request (a new carer's, through the API, to the
// demo provider's service) and its own provider member (a new account given the coordinator role in
// the test server's database); offline, the note cannot be saved, so leaving asks.

const serviceName = 'Pečovatelská služba Vlídná péče';
/** Every failed call while the browser is offline, and the note's own save retried. */
const offlineCall = /Failed to load resource: net::ERR_INTERNET_DISCONNECTED/;

type Sent = { id: string; code: string; providerId: string };

/** A new carer, signed in in a browser context of their own, sends a request for a new client. */
async function sendRequest(browser: Browser, request: APIRequestContext): Promise<Sent> {
  const person = newPerson();
  await signUpByApi(request, person);
  const carerContext = await browser.newContext();
  const carer = await carerContext.newPage();
  await signInThroughForm(carer, person.email, person.password);
  await expect(carer).not.toHaveURL(/\/login/);
  const token = (await carerContext.cookies()).find((cookie) => cookie.name === 'access_token')?.value;
  expect(token, 'the carer is signed in').toBeTruthy();
  const headers = { authorization: `Bearer ${token}` };
  const call = async <T>(method: 'post' | 'put', url: string, data: object): Promise<T> => {
    const response = await request[method](url, { headers, data });
    expect(response.status(), await response.text()).toBeLessThan(300);
    return (await response.json()) as T;
  };
  const careCase = await call<{ id: string }>('post', '/api/v1/web/cases', {
    date: new Date().toISOString().slice(0, 10),
    fcServiceLevel: 1,
    name: 'Péče o tatínka',
  });
  await call('post', '/api/v1/web/clients', {
    isClient: true,
    firstName: person.firstName,
    lastName: person.lastName,
    dateOfBirth: '1944-05-02',
    sex: 'male',
    phone: person.phone,
    residence: { street: 'Na Výsluní 3', city: 'Praha 4', zipcode: '14900', countyCode: 'CZ0100' },
    serviceAddressDiffers: false,
    healthDataConsent: true,
    caseId: careCase.id,
  });
  await giveSubscription(person.email);
  const service = await withDatabase(async (client) => {
    const { rows } = await client.query<{ id: string; provider_id: string }>(
      'select id, provider_id from facility_services where name = $1',
      [serviceName],
    );
    return rows[0];
  });
  expect(service, 'the demo service').toBeTruthy();
  const draft = await call<{ id: string; surveys: { surveyDefinitionId: string }[] }>(
    'put',
    `/api/v1/web/cases/${careCase.id}/request-drafts/${service?.id}`,
    {},
  );
  for (const survey of draft.surveys) {
    await call('put', `/api/v1/web/request-drafts/${draft.id}/surveys/${survey.surveyDefinitionId}`, {
      answers: { mobility: 'aid', diet: 'none', 'start-date': '2027-01-04' },
      complete: true,
    });
  }
  const sent = await call<{ id: string; code: string }>(
    'post',
    `/api/v1/web/request-drafts/${draft.id}/send`,
    {
      providerConsent: true,
      message: 'Prosím o zavolání.',
    },
  );
  await carerContext.close();
  return { ...sent, providerId: service?.provider_id ?? '' };
}

/** A new account made a coordinator of the provider (every request of it), signed in on `page`. */
async function signInAsNewCoordinator(page: Page, request: APIRequestContext, providerId: string) {
  const member = newPerson({ firstName: 'Lenka', lastName: 'Koordinátorová' });
  await signUpByApi(request, member);
  const { rowCount } = await withDatabase((client) =>
    client.query(
      `insert into provider_users (provider_id, user_id, roles)
       select $1, id, '{providerCoordinator}' from users where lower(email) = lower($2)`,
      [providerId, member.email],
    ),
  );
  expect(rowCount, 'the membership').toBe(1);
  await signInThroughForm(page, member.email, member.password);
  await expect(page).not.toHaveURL(/\/login/);
}

test('the note asks before leaving text the server has not taken: staying keeps it, leaving drops it', async ({
  page,
  request,
  browser,
  problems,
}) => {
  test.setTimeout(120_000);
  const sent = await sendRequest(browser, request);
  await signInAsNewCoordinator(page, request, sent.providerId);

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
  const sent = await sendRequest(browser, request);
  await signInAsNewCoordinator(page, request, sent.providerId);
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
