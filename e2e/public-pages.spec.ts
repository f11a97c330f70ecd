import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { answerOf } from './api.ts';
import { expect, test } from './fixtures.ts';
import { newPerson, signInThroughForm, signUpByApi, textField } from './identity.ts';

async function outbox(request: APIRequestContext) {
  return answerOf(await request.get('/api/v1/dev/mail'), 'listDevMail');
}

test('the contact form shows what is missing, then sends the message to the support mailbox', async ({
  page,
  request,
}) => {
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Kontakt' })).toBeVisible();
  // The operator's details and the emergency numbers are on the page too.
  await expect(page.getByRole('link', { name: 'podpora@opora.test' })).toBeVisible();
  await expect(page.getByRole('link', { name: '112' })).toHaveAttribute('href', 'tel:112');

  await page.getByRole('button', { name: 'Odeslat zprávu' }).click();
  await expect(page.getByText('Pole je povinné')).toHaveCount(4);
  await expect(textField(page, 'Jméno')).toBeFocused();
  await expect(textField(page, 'Jméno')).toHaveAttribute('aria-invalid', 'true');

  const token = `e2e-${Date.now()}`;
  await textField(page, 'Jméno').fill('Jana');
  await textField(page, 'Příjmení').fill('Nováková');
  await textField(page, 'E-mail').fill('jana.novakova@example.cz');
  await textField(page, 'Zpráva').fill(`Dobrý den, jak funguje předplatné s asistentem? ${token}`);
  await page.getByRole('button', { name: 'Odeslat zprávu' }).click();

  await expect(
    page.getByRole('status').filter({ hasText: 'Děkujeme za vaši zprávu. Ozveme se vám co nejdříve.' }),
  ).toBeVisible();
  await expect(textField(page, 'Jméno')).toHaveValue('');
  await expect(textField(page, 'Zpráva')).toHaveValue('');

  await expect
    .poll(async () => (await outbox(request)).find((mail) => mail.text.includes(token)), {
      message: 'the message in the outbox',
    })
    .toMatchObject({
      to: expect.stringContaining('podpora@opora.test'),
      subject: expect.stringContaining('Jana'),
    });
});

test('the contact form is filled in with the signed-in person’s name and e-mail', async ({
  page,
  request,
}) => {
  const person = newPerson({ firstName: 'Marek', lastName: 'Dvořák' });
  await signUpByApi(request, person);
  await signInThroughForm(page, person.email, person.password);
  await expect(page).not.toHaveURL(/\/login/);

  await page.goto('/contact');
  await expect(textField(page, 'Jméno')).toHaveValue('Marek');
  await expect(textField(page, 'Příjmení')).toHaveValue('Dvořák');
  await expect(textField(page, 'E-mail')).toHaveValue(person.email);
  await expect(textField(page, 'Zpráva')).toHaveValue('');
});

test('the support page says Opora is not an emergency service and leads to answers and contact', async ({
  page,
}) => {
  await page.goto('/support');
  await expect(page.getByRole('heading', { level: 1, name: 'Podpora' })).toBeVisible();
  await expect(page.getByText(/Opora není služba pro naléhavé případy/)).toBeVisible();
  await expect(page.getByRole('link', { name: '155' })).toHaveAttribute('href', 'tel:155');

  await page.getByRole('link', { name: 'Přejít na časté otázky' }).click();
  await expect(page).toHaveURL('/#faq');
  await expect(page.getByRole('heading', { name: 'Časté otázky' })).toBeInViewport();

  await page.goto('/support');
  await page.getByRole('link', { name: 'Kontaktní formulář' }).click();
  await expect(page).toHaveURL('/contact');
});

test('a policy lists its sections and jumps to one from the table of contents', async ({ page }) => {
  await page.goto('/terms-and-conditions/gdpr');
  const contents = page.getByRole('navigation', { name: 'Obsah' });
  await contents.getByRole('link', { name: 'Údaje o zdraví' }).click();
  await expect(page).toHaveURL('/terms-and-conditions/gdpr#gdpr-health');
  await expect(page.getByRole('heading', { level: 2, name: '3. Údaje o zdraví' })).toBeInViewport();
  await expect(page.getByText(/čl\. 9 odst\. 2 písm\. a\) GDPR/).first()).toBeVisible();
  await expect(page.getByText(/Pplk\. Sochora 27/)).toBeVisible();
});

const pages = {
  '/': {
    cs: 'Najděte spolehlivou péči pro své blízké',
    en: 'Find reliable care for the people you love',
    sk: 'Nájdite spoľahlivú starostlivosť pre svojich blízkych',
  },
  '/contact': { cs: 'Kontakt', en: 'Contact', sk: 'Kontakt' },
  '/support': { cs: 'Podpora', en: 'Support', sk: 'Podpora' },
  '/terms-and-conditions': {
    cs: 'Obchodní podmínky',
    en: 'Terms and conditions',
    sk: 'Obchodné podmienky',
  },
  '/terms-and-conditions/gdpr': {
    cs: 'Ochrana osobních údajů',
    en: 'Privacy policy',
    sk: 'Ochrana osobných údajov',
  },
  '/terms-and-conditions/cookies': {
    cs: 'Zásady používání cookies',
    en: 'Cookie policy',
    sk: 'Zásady používania cookies',
  },
} as const;

/** Second-level headings a page shows once its content has loaded, in each language. */
const loadedMarks: Record<keyof typeof pages, Record<'cs' | 'en' | 'sk', string>> = {
  '/': { cs: 'Časté otázky', en: 'Frequently asked questions', sk: 'Časté otázky' },
  '/contact': { cs: 'Napište nám', en: 'Write to us', sk: 'Napíšte nám' },
  '/support': { cs: 'Opora v kostce', en: 'Opora in brief', sk: 'Opora v skratke' },
  '/terms-and-conditions': {
    cs: '5. Poskytovatelé',
    en: '5. Providers',
    sk: '5. Poskytovatelia',
  },
  '/terms-and-conditions/gdpr': {
    cs: '1. Správce osobních údajů',
    en: '1. Data controller',
    sk: '1. Prevádzkovateľ osobných údajov',
  },
  '/terms-and-conditions/cookies': {
    cs: '2. Nezbytné cookies',
    en: '2. Strictly necessary cookies',
    sk: '2. Nevyhnutné cookies',
  },
};

async function openIn(page: Page, path: keyof typeof pages, locale: 'cs' | 'en' | 'sk'): Promise<void> {
  await page.goto(locale === 'cs' ? path : `/${locale}${path === '/' ? '' : path}`);
  await expect(page.getByRole('heading', { level: 1, name: pages[path][locale] })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: loadedMarks[path][locale] })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
}

for (const locale of ['cs', 'en', 'sk'] as const) {
  test(`home, contact, support and the three policies render in ${locale}`, async ({ page }) => {
    for (const path of Object.keys(pages) as (keyof typeof pages)[]) await openIn(page, path, locale);
  });
}

test('axe finds no serious or critical problem on home, contact, support and the policies', async ({
  page,
}) => {
  test.setTimeout(60_000);
  for (const path of Object.keys(pages) as (keyof typeof pages)[]) {
    await openIn(page, path, 'cs');
    if (path === '/') await expect(page.getByRole('combobox', { name: 'Kraj nebo okres' })).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) => `${path}: ${violation.id} (${violation.nodes.map((node) => node.target).join(' | ')})`,
      );
    expect(serious).toEqual([]);
  }
});
