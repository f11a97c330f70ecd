import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { createClientCaseByApi, signedInCarer } from './carer-data.ts';
import { expect, test } from './fixtures.ts';
import { newPerson, signInWithTokens, signUpByApi, type TestPerson } from './identity.ts';
import { expectNoAxeViolations, screenshot, storeLocale } from './page-checks.ts';
import { ownPlatformStaff } from './staff.ts';

// A carer's subscriptions in the staff console (issue 25 §4, decision 0129): platform staff find a
// carer by the start of her e-mail, open her plans and give her Opora's free plan with a reason; she
// uses the services without paying; staff take the plan back. Each test makes its own carer and its
// own platform administrator (e2e/staff.ts).

const shots = '/tmp/shots-admin-subscriptions';

/** The part of a test person's e-mail before `@`: unique to her, so the search finds her alone. */
function prefixOf(person: TestPerson): string {
  return person.email.split('@')[0] ?? person.email;
}

/** A new platform administrator, signed in a browser of their own (in `locale`, Czech by default). */
async function signedInStaff(browser: Browser, request: APIRequestContext, locale = 'cs'): Promise<Page> {
  const staff = await ownPlatformStaff(request);
  const page = await (await browser.newContext()).newPage();
  await signInWithTokens(page, staff);
  if (locale !== 'cs') {
    await page.goto('/');
    await storeLocale(page, locale);
  }
  return page;
}

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(shots, { recursive: true });
  await screenshot(page, { path: `${shots}/${name}.png`, fullPage: true });
}

test('staff find a carer by e-mail, give her the free plan, she uses the services without paying, staff take it back', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  // The carer, in her own browser: signed up, with a client in Brno and a case, and no plan.
  const { person, headers } = await signedInCarer(page, request);
  const { caseId } = await createClientCaseByApi(request, headers, {
    residence: { countyCode: 'CZ0642', city: 'Brno', zipcode: '60200' },
  });
  await page.goto(`/new-client-wizard/service-offer/${caseId}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Vyberte si předplatné' })).toBeVisible();
  const fullName = `${person.firstName} ${person.lastName}`;

  // 1. Staff open the section from the console's bar.
  const admin = await signedInStaff(browser, request);
  await admin.goto('/admin');
  await admin
    .getByRole('navigation', { name: 'Administrace platformy' })
    .getByRole('link', { name: 'Předplatné' })
    .click();
  await expect(admin).toHaveURL('/admin/subscriptions');
  await expect(admin).toHaveTitle('Předplatné pečujících - Opora');
  await expect(admin.getByRole('heading', { level: 1, name: 'Předplatné pečujících' })).toBeVisible();
  const field = admin.getByRole('searchbox', { name: 'Začátek e-mailu' });
  await expect(field).toHaveAccessibleDescription(/^Alespoň 3 znaky ze začátku e-mailu/);

  // 2. Two characters are too few: said beside the field, nothing searched.
  await field.fill('e2');
  await field.press('Enter');
  await expect(field).toHaveAccessibleDescription(/^Zadejte alespoň 3 znaky Alespoň/);
  await expect(admin).toHaveURL('/admin/subscriptions');

  // 3. An e-mail nobody has: said so.
  const nobody = `nikdo-${randomBytes(6).toString('hex')}`;
  await field.fill(nobody);
  await admin.getByRole('button', { name: 'Hledat' }).click();
  await expect(admin).toHaveURL(`/admin/subscriptions?email=${nobody}`);
  await expect(
    admin.getByRole('heading', { level: 2, name: 'Nikoho s takovým e-mailem jsme nenašli' }),
  ).toBeVisible();
  await expectNoAxeViolations(admin);

  // 4. The start of her e-mail (in capitals: case is ignored) finds her, by name and e-mail.
  await field.fill(prefixOf(person).toUpperCase());
  await field.press('Enter');
  const row = admin.getByRole('row').filter({ hasText: person.email });
  await expect(row).toContainText(fullName);
  await expect(admin.getByRole('row')).toHaveCount(2);
  await expect(admin.getByText('Další lidé s tímto začátkem e-mailu nejsou.')).toBeVisible();
  await expectNoAxeViolations(admin);

  // 5. Her page: no plan, no payments.
  await row.getByRole('link', { name: fullName }).click();
  await expect(admin).toHaveURL(/\/admin\/subscriptions\/[0-9a-f-]{36}$/);
  const carerUrl = new URL(admin.url()).pathname;
  await expect(admin.getByRole('heading', { level: 1, name: fullName })).toBeVisible();
  await expect(admin).toHaveTitle(`Předplatné: ${fullName} - Opora`);
  const freePlan = admin.getByRole('region', { name: 'Bezplatné předplatné od Opory' });
  await expect(freePlan).toContainText('Nemá bezplatné předplatné od Opory.');
  await expect(admin.getByRole('region', { name: 'Předplatné (0)' })).toContainText(
    'Zatím žádné předplatné neměl(a).',
  );
  await expect(admin.getByRole('region', { name: 'Platby' })).toContainText('Zatím žádné platby.');
  await expectNoAxeViolations(admin);

  // 6. The free plan: another reason needs the note first.
  await freePlan.getByRole('button', { name: 'Dát bezplatné předplatné' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Dát bezplatné předplatné' });
  await expect(dialog).toContainText(person.email);
  const reason = dialog.getByRole('combobox', { name: 'Důvod' });
  await expect(reason).toBeFocused();
  await expectNoAxeViolations(admin, '[role="dialog"]');
  await reason.selectOption({ label: 'Jiný důvod' });
  await reason.press('Enter');
  const note = dialog.getByRole('textbox', { name: 'Poznámka' });
  await expect(note).toHaveAccessibleDescription(/Pole je povinné/);
  await expect(note).toBeFocused();
  await note.fill('Rodinu poslala obec, platí pečovatelku.');
  await dialog.getByLabel('Poslední den').press('Enter');
  await expect(admin.getByText(`${fullName} má bezplatné předplatné od Opory.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(freePlan).toContainText('Má bezplatné předplatné od Opory');
  await expect(freePlan).toContainText('Jiný důvod');
  await expect(freePlan).toContainText('Rodinu poslala obec, platí pečovatelku.');
  await expect(freePlan).toContainText('do odvolání');
  const plans = admin.getByRole('region', { name: 'Předplatné (1)' });
  await expect(plans).toContainText('Předplatné Zdarma');
  await expect(plans).toContainText('Platí teď');
  await expectNoAxeViolations(admin);
  await shoot(admin, 'carer-granted-cs-1280');

  // 7. Opened again, the page reads the grant back from the server.
  await admin.goto(carerUrl);
  await expect(freePlan).toContainText('do odvolání');
  await expect(freePlan.getByRole('button', { name: 'Odebrat bezplatné předplatné' })).toBeVisible();

  // 8. The carer sees the free plan on her profile and requests services without paying.
  await page.goto('/user');
  const profilePlan = page.getByRole('region', { name: 'Předplatné' });
  await expect(profilePlan).toContainText('Bezplatné předplatné od Opory: nic neplatíte.');
  await expect(profilePlan.getByRole('button', { name: 'Zrušit předplatné' })).toHaveCount(0);
  await page.goto(`/new-client-wizard/services/${caseId}`);
  await expect(page.getByRole('link', { name: /^Poptat službu / }).first()).toBeVisible();
  await page.goto(`/new-client-wizard/service-offer/${caseId}`);
  await expect(
    page.getByRole('heading', { level: 2, name: /^\d+ služ(ba|by|eb) – okres Brno-město$/ }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Vyberte si předplatné' })).toHaveCount(0);

  // 9. Staff take it back, with a reason; it ends at once.
  await freePlan.getByRole('button', { name: 'Odebrat bezplatné předplatné' }).click();
  const revoke = admin.getByRole('dialog', { name: 'Odebrat bezplatné předplatné?' });
  // The reason takes the focus once the dialog is open (and its opening's fade is over).
  const revokeReason = revoke.getByRole('textbox', { name: 'Důvod odebrání' });
  await expect(revokeReason).toBeFocused();
  await revokeReason.fill('Rodina už platí sama.');
  await expectNoAxeViolations(admin, '[role="dialog"]');
  await revoke.getByRole('button', { name: 'Odebrat' }).click();
  await expect(admin.getByText(`Bezplatné předplatné, které měl(a) ${fullName}, skončilo.`)).toBeVisible();
  await expect(freePlan).toContainText('Nemá bezplatné předplatné od Opory.');
  await expect(plans).toContainText('Zrušené');
  await expect(plans).toContainText('Rodina už platí sama.');
  await expectNoAxeViolations(admin);
  await shoot(admin, 'carer-revoked-cs-1280');

  // 10. The carer meets the plans again.
  await page.goto(`/new-client-wizard/service-offer/${caseId}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Vyberte si předplatné' })).toBeVisible();
});

test.describe('screens in two languages and two sizes', () => {
  const sizes = [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const;
  const texts = {
    cs: { search: 'Hledat', open: 'Dát bezplatné předplatné', reason: 'Důvod', other: 'Jiný důvod' },
    en: { search: 'Search', open: 'Give the free plan', reason: 'Reason', other: 'Another reason' },
  } as const;

  for (const locale of ['cs', 'en'] as const) {
    test(`the search, a carer's page and the free plan's dialog look right in ${locale}`, async ({
      browser,
      request,
    }) => {
      test.setTimeout(120_000);
      const carer = newPerson();
      await signUpByApi(request, carer);
      const admin = await signedInStaff(browser, request, locale);
      const words = texts[locale];
      for (const [, viewport] of sizes) {
        await admin.setViewportSize(viewport);
        await admin.goto(`/admin/subscriptions?email=${prefixOf(carer)}`);
        const link = admin.getByRole('link', { name: `${carer.firstName} ${carer.lastName}` });
        await expect(link).toBeVisible();
        await shoot(admin, `search-${locale}-${viewport.width}`);
        await link.click();
        const open = admin.getByRole('button', { name: words.open });
        await expect(open).toBeVisible();
        await shoot(admin, `carer-${locale}-${viewport.width}`);
        await open.click();
        const dialog = admin.getByRole('dialog', { name: words.open });
        await dialog.getByRole('combobox', { name: words.reason }).selectOption({ label: words.other });
        await dialog.getByRole('button', { name: words.open }).click();
        // Another reason without its note: the note's message shows in the screenshot.
        await expect(dialog.locator('[aria-invalid="true"]')).toHaveCount(1);
        await expectNoAxeViolations(admin, '[role="dialog"]');
        await screenshot(admin, { path: `${shots}/grant-dialog-${locale}-${viewport.width}.png` });
        await admin.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }
    });
  }
});
