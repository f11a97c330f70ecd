import { randomBytes } from 'node:crypto';
import { cookieNames, identityScope } from '@opora/contracts';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { answerOf } from './api.ts';

/** A text field by its visible label, as a screen reader names it. */
export function textField(page: Page, label: string): Locator {
  return page.getByRole('textbox', { name: label, exact: true });
}

/** A password field (no ARIA role) by its label; the required mark ` *` may follow the text. */
export function passwordField(page: Page, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByLabel(new RegExp(`^${escaped}(\\s*\\*)?$`));
}

/** A person who signs up in a test; every test makes its own, so tests never share an account. */
export type TestPerson = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
};

export function newPerson(overrides: Partial<TestPerson> = {}): TestPerson {
  return {
    firstName: 'Jana',
    lastName: 'Nováková',
    email: `e2e-${Date.now()}-${randomBytes(4).toString('hex')}@opora.test`,
    phone: '+420 601 123 456',
    password: `Heslo-${randomBytes(6).toString('hex')}`,
    ...overrides,
  };
}

/** Chromium logs every refused call; tests that provoke one on purpose allow exactly these. */
export const refusedCallMessage = /Failed to load resource: the server responded with a status of 40[01]/;

/** Signs up through the API (for tests whose subject is something else than registration). */
export async function signUpByApi(request: APIRequestContext, person: TestPerson): Promise<void> {
  const response = await request.post('/api/v1/web/users/sign-up', {
    data: {
      firstName: person.firstName,
      lastName: person.lastName,
      fullName: `${person.firstName} ${person.lastName}`,
      email: person.email,
      phone: person.phone,
      password: person.password,
      privacyPolicy: true,
      marketingAccept: false,
      locale: 'cs',
    },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

/**
 * The newest link to `path` in an e-mail sent to `email`, read from the development outbox
 * (`GET /api/v1/dev/mail`); waits for the e-mail to be sent.
 */
export async function linkFromMail(request: APIRequestContext, email: string, path: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/v1/dev/mail');
        const messages = await answerOf(response, 'listDevMail');
        link = messages
          .filter((message) => message.to.toLowerCase().includes(email.toLowerCase()))
          .flatMap((message) => message.links)
          .find((candidate) => new URL(candidate).pathname === path);
        return link;
      },
      { message: `an e-mail to ${email} with a link to ${path}`, timeout: 15_000 },
    )
    .toBeTruthy();
  // The e-mail carries the public address; the test server may listen elsewhere.
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

/**
 * Where a sign-in without a page to return to leads an account without clients: `redirectAfterLogin`
 * opens a case and the new-client wizard's first step for it.
 */
export const newClientWizardFirstStep =
  /\/new-client-wizard\/new-client\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A new carer, signed up through the API and signed in through the form: with no client yet, sign-in
 * leads on to the new-client wizard's first step.
 */
export async function signedInNewCarer(page: Page, request: APIRequestContext): Promise<TestPerson> {
  const person = newPerson();
  await signUpByApi(request, person);
  await signInThroughForm(page, person.email, person.password);
  await expect(page).toHaveURL(newClientWizardFirstStep);
  return person;
}

/** Signs `person` up through the registration form, as a person does; sign-up leads to sign-in. */
export async function signUpThroughForm(page: Page, person: TestPerson): Promise<void> {
  await page.goto('/registration');
  await textField(page, 'Jméno').fill(person.firstName);
  await textField(page, 'Příjmení').fill(person.lastName);
  await textField(page, 'E-mail').fill(person.email);
  await textField(page, 'Telefon').fill(person.phone);
  await passwordField(page, 'Heslo').fill(person.password);
  await page.getByRole('checkbox', { name: /Souhlasím s obchodními podmínkami/ }).check();
  await page.getByRole('button', { name: 'Založit účet' }).click();
  await expect(page).toHaveURL('/login');
}

/** Fills the sign-in form as a person does and submits it. */
export async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await textField(page, 'E-mail').fill(email);
  await passwordField(page, 'Heslo').fill(password);
  await page.getByRole('button', { name: 'Přihlásit se' }).click();
}

/**
 * Signs `person` in without the form, for tests whose subject is what comes after: the password grant
 * the form makes (the embedded issuer's `web` client), its tokens put where the app keeps them (the
 * `access_token` and `refresh_token` cookies, apps/web/src/lib/auth/token-cookies.ts). The page goes
 * nowhere: the test opens the page it is about, without the sign-in page and the landing page before
 * it. The form itself is e2e/identity.spec.ts's.
 */
export async function signInWithTokens(page: Page, person: Pick<TestPerson, 'email' | 'password'>) {
  const response = await page.request.post('/realms/opora/protocol/openid-connect/token', {
    form: {
      grant_type: 'password',
      client_id: 'web',
      username: person.email,
      password: person.password,
      scope: identityScope,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  const tokens = (await response.json()) as { access_token: string; refresh_token: string };
  const url = new URL('/', test.info().project.use.baseURL).toString();
  await page.context().addCookies([
    { name: cookieNames.accessToken, value: encodeURIComponent(tokens.access_token), url, sameSite: 'Lax' },
    { name: cookieNames.refreshToken, value: encodeURIComponent(tokens.refresh_token), url, sameSite: 'Lax' },
  ]);
}

/** Opens the header's user menu (desktop). */
export async function openUserMenu(page: Page, fullName: string): Promise<void> {
  await page.getByRole('button', { name: `Uživatelská nabídka: ${fullName}` }).click();
}
