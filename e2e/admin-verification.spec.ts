import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { answerOf } from './api.ts';
import { bearerOf, callOperation, createClientCaseByApi } from './carer-data.ts';
import { giveSubscription, withDatabase } from './database.ts';
import { expect, test } from './fixtures.ts';
import { newPerson, passwordField, signedInNewCarer, signInThroughForm, textField } from './identity.ts';
import {
  expectNoAxeViolations,
  expectNoAxeViolationsInTour,
  screenshot,
  storeLocale,
} from './page-checks.ts';
import { freshIdentificationCode } from './staff.ts';

// The staff console (issue 25 §1 and §5): platform staff find an organisation in the verification
// queue, check it against the public registers and approve it — its service becomes requestable — or
// reject a claimed listing with a reason; the audit log lists each decision. The organisations are the
// test's own (joined through the form or the API); their services are written beside them (the
// facility and service screens are e2e/provider-journey.spec.ts's). Staff are the demo's platform
// administrator, as the journey has it.

const shots = '/tmp/shots-admin';
const staff = { email: 'admin@opora.test', password: 'Opora2026!', name: 'Alena Horáková' };
/** Chrudim: the county the tests' own services serve, which no carer's journey browses. */
const chrudim = 'CZ0531';

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(shots, { recursive: true });
  await screenshot(page, { path: `${shots}/${name}.png`, fullPage: true });
}

/** The demo's platform administrator, signed in through the form in a browser of their own. */
async function signedInStaff(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInThroughForm(page, staff.email, staff.password);
  await expect(page).toHaveURL('/dashboard', { timeout: 30_000 });
  return page;
}

/** A facility and an active home care service of the provider serving Chrudim; answers the service's id. */
async function activeService(
  providerId: string,
  name: string,
  registerNumber: string | null,
): Promise<string> {
  return withDatabase(async (client) => {
    const one = async (text: string, values: unknown[]) => {
      const { rows } = await client.query<{ id: string }>(text, values);
      if (!rows[0]) throw new Error(`Nothing written: ${text}`);
      return rows[0].id;
    };
    const facilityId = await one('insert into facilities (provider_id, name) values ($1, $2) returning id', [
      providerId,
      'Středisko Chrudim',
    ]);
    const serviceId = await one(
      `insert into facility_services (provider_id, facility_id, service_type_id, service_category_id, name,
                                      form, status, register_number)
       select $1, $2, t.id, t.category_id, $3, t.form, 'active', $4
       from service_types t where t.code = 'home-care-service' returning id`,
      [providerId, facilityId, name, registerNumber],
    );
    await client.query(
      'insert into facility_service_counties (facility_service_id, county_code) values ($1, $2)',
      [serviceId, chrudim],
    );
    return serviceId;
  });
}

/** An organisation joins through the API (the form is the first test's); answers its provider id. */
async function joinByApi(
  request: APIRequestContext,
  organisation: { name: string; identificationCode: string },
): Promise<string> {
  const person = newPerson({ firstName: 'Jitka', lastName: 'Marešová' });
  const response = await request.post('/api/v1/web/providers/join', {
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
      organisation: {
        ...organisation,
        taxCode: `CZ${organisation.identificationCode}`,
        country: 'CZ',
        address: { street: 'Korunní 12', city: 'Praha 2', zipcode: '12000', countyCode: 'CZ0100' },
        billingAddress: { name: '', street: '', city: '', zipcode: '' },
        requestsEmail: `poptavky-${person.email}`,
        contactPhone: '+420 601 123 456',
        contactEmail: `info-${person.email}`,
        url: 'https://jasmin.example.cz',
        description: 'Domov pro seniory a pečovatelská služba v Praze 2.',
      },
    },
  });
  return (await answerOf(response, 'joinAsProvider')).providerId;
}

/**
 * A listing in the catalogue nobody administers yet (verified once, as an imported entry is), with a
 * service that has no register number: joining with its IČO claims it.
 */
async function unclaimedListing(name: string, identificationCode: string): Promise<string> {
  const providerId = await withDatabase(async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `insert into providers (name, street, city, zipcode, county_code, identification_code, requests_email,
                              contact_phone, url, description, verified, verified_at)
       values ($1, 'Palackého 8', 'Chrudim', '53701', $3, $2, $4, '+420469111222', 'https://jasmin.example.cz',
               'Zápis z katalogu poskytovatelů.', true, now() - interval '200 days')
       returning id`,
      [name, identificationCode, chrudim, `info-${identificationCode}@jasmin.example.cz`],
    );
    if (!rows[0]) throw new Error('No listing written');
    return rows[0].id;
  });
  await activeService(providerId, `Pečovatelská služba ${name}`, null);
  return providerId;
}

/** The verification queue's row of the provider. */
function queueRow(page: Page, providerName: string) {
  return page.getByRole('row').filter({ has: page.getByRole('link', { name: providerName, exact: true }) });
}

test('staff approve a new organisation from the queue; its service becomes requestable and the audit log lists it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const suffix = randomBytes(3).toString('hex');
  const administrator = newPerson({ firstName: 'Petra', lastName: 'Svobodová' });
  const providerName = `Pečovatelská služba Lípa ${suffix}, z. ú.`;
  const serviceName = `Pečovatelská služba Lípa Chrudim ${suffix}`;
  const ico = freshIdentificationCode();

  // 1. The organisation joins through the public form and waits for verification.
  await page.goto('/provider/join');
  await expect(page.getByRole('heading', { level: 1, name: 'Registrace poskytovatele péče' })).toBeVisible();
  await textField(page, 'Název organizace').fill(providerName);
  await textField(page, 'IČO').fill(ico);
  await textField(page, 'DIČ (nepovinné)').fill(`CZ${ico}`);
  await page.getByRole('combobox', { name: 'Obec sídla' }).fill('Hustop');
  await page.getByRole('option', { name: /^Hustopeče, 693 01, okres Břeclav$/ }).click();
  await expect(page.getByRole('group', { name: 'Obec sídla' })).toContainText('okres');
  await textField(page, 'Ulice a číslo domu').fill('Dukelské náměstí 2');
  await textField(page, 'E-mail pro poptávky').fill(`poptavky-${administrator.email}`);
  await textField(page, 'Veřejný telefon').fill('+420 519 411 111');
  await textField(page, 'Webové stránky').fill('https://lipa.example.cz');
  await page.getByRole('textbox', { name: 'Popis organizace' }).fill('Pečovatelská služba na Hustopečsku.');
  await textField(page, 'Jméno').fill(administrator.firstName);
  await textField(page, 'Příjmení').fill(administrator.lastName);
  await textField(page, 'E-mail').fill(administrator.email);
  await textField(page, 'Telefon').fill(administrator.phone);
  await passwordField(page, 'Heslo').fill(administrator.password);
  await page.getByRole('checkbox', { name: /Souhlasím s obchodními podmínkami/ }).check();
  const joined = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/v1/web/providers/join') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Zaregistrovat organizaci' }).click();
  const providerId = (await answerOf(await joined, 'joinAsProvider')).providerId;
  await expect(page).toHaveURL(/\/provider\/requests/, { timeout: 30_000 });
  await expect(page.getByRole('note').filter({ hasText: 'Vaše organizace čeká na ověření' })).toBeVisible();
  const serviceId = await activeService(providerId, serviceName, '7654321');

  // 2. A carer finds the service but cannot request it yet.
  const carer = await (await browser.newContext()).newPage();
  const carerPerson = await signedInNewCarer(carer, request);
  const { caseId } = await createClientCaseByApi(request, await bearerOf(carer), { reachable: true });
  await giveSubscription(carerPerson.email);
  await carer.goto(`/dashboard/service/${serviceId}/${caseId}`);
  await expect(carer.getByRole('heading', { level: 1, name: serviceName })).toBeVisible({ timeout: 30_000 });
  const requestCard = carer.getByRole('complementary', { name: 'Máte o službu zájem?' });
  await expect(requestCard).toContainText('jen ověřeným poskytovatelům');
  await expect(requestCard.getByRole('link', { name: 'Poptat službu' })).toHaveCount(0);

  // 3. Staff open the console, find the organisation in the queue and open its check.
  const admin = await signedInStaff(browser);
  await admin.getByRole('main').getByRole('link', { name: 'Administrace' }).click();
  await expect(admin).toHaveURL('/admin');
  await expect(admin).toHaveTitle('Administrace - Opora');
  await expect(admin.getByRole('heading', { level: 1, name: 'Administrace' })).toBeVisible();
  await expect(admin.getByText(/^Na kontrolu ček/)).toBeVisible();
  await expectNoAxeViolations(admin);
  await admin.getByRole('link', { name: 'Otevřít frontu', exact: true }).click();
  await expect(admin).toHaveURL('/admin/verifications');
  await expect(admin).toHaveTitle('Ověřování poskytovatelů - Opora');
  const row = queueRow(admin, providerName);
  await expect(row).toContainText('Nová organizace');
  await expect(row).toContainText(ico);
  await expect(row).toContainText('Česko');
  await expect(row).toContainText('1 služba');
  await expect(row).toContainText('dnes');
  await expectNoAxeViolations(admin);
  await row.getByRole('link', { name: providerName }).click();
  await expect(admin).toHaveURL(/\/admin\/verifications\/[0-9a-f-]{36}$/);
  await expect(admin.getByRole('heading', { level: 1, name: providerName })).toBeVisible();
  await expect(admin).toHaveTitle(`Ověření: ${providerName} - Opora`);

  // Everything staff check: the IČO's check digit, the services' register numbers, the registers.
  const details = admin.getByRole('region', { name: 'Údaje organizace', exact: true });
  await expect(details).toContainText(`${ico}kontrolní číslice sedí`);
  await expect(details).toContainText('Dukelské náměstí 2, 693 01 Hustopeče, okres Břeclav');
  const registers = admin.getByRole('region', { name: 'Veřejné rejstříky', exact: true });
  await expect(registers.getByRole('link', { name: /ARES/ })).toHaveAttribute('href', 'https://ares.gov.cz/');
  await expect(
    registers.getByRole('link', { name: /Registr poskytovatelů sociálních služeb/ }),
  ).toHaveAttribute('href', 'https://iregistr.mpsv.cz/');
  await expect(registers.getByRole('button', { name: `Kopírovat IČO ${ico}` })).toBeVisible();
  const administrators = admin.getByRole('region', { name: 'Správci organizace', exact: true });
  await expect(administrators).toContainText('Petra Svobodová');
  await expect(administrators).toContainText(administrator.email);
  const services = admin.getByRole('region', { name: 'Služby', exact: true });
  await expect(services.getByRole('row', { name: new RegExp(serviceName) })).toContainText('7654321');
  await expect(services).toContainText('Pečovatelská služba');
  await expect(admin.getByRole('region', { name: 'Dřívější rozhodnutí', exact: true })).toContainText(
    'nerozhodovalo',
  );
  await expectNoAxeViolations(admin);

  // 4. Nothing chosen: the form says so beside the choice; then the approval.
  const decision = admin.getByRole('region', { name: 'Rozhodnutí', exact: true });
  await decision.getByRole('button', { name: 'Uložit rozhodnutí' }).click();
  await expect(decision.getByRole('radiogroup', { name: 'Výsledek kontroly' })).toHaveAccessibleDescription(
    /Pole je povinné/,
  );
  await decision.getByRole('radio', { name: 'Schválit – údaje odpovídají rejstříkům' }).check();
  await decision.getByRole('button', { name: 'Schválit poskytovatele' }).click();
  await expect(admin.getByText(`${providerName} je ověřený poskytovatel.`)).toBeVisible();
  const decided = admin.getByRole('heading', { level: 2, name: 'Schváleno: poskytovatel je ověřený' });
  await expect(decided).toBeFocused();
  await expect(admin.getByText(new RegExp(`Rozhodl\\(a\\) ${staff.name}, \\d`))).toBeVisible();
  await expect(admin.getByRole('region', { name: 'Rozhodnutí', exact: true })).toHaveCount(0);
  await expectNoAxeViolations(admin);
  await shoot(admin, 'decided-approved-cs-1280');

  // The queue no longer lists it.
  await admin.getByRole('link', { name: 'Zpět na frontu' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Ověřování poskytovatelů' })).toBeVisible();
  await expect(admin.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(admin.getByRole('link', { name: providerName, exact: true })).toHaveCount(0);

  // 5. The carer can request the service now.
  await carer.reload();
  const requestLink = carer.getByRole('complementary', { name: 'Máte o službu zájem?' }).getByRole('link', {
    name: 'Poptat službu',
  });
  await expect(requestLink).toBeVisible({ timeout: 30_000 });
  await requestLink.click();
  await expect(carer).toHaveURL(new RegExp(`${caseId}.*${serviceId}|${serviceId}.*${caseId}`));
  await expect(carer.getByRole('button', { name: 'Odeslat poptávku' })).toBeVisible({ timeout: 30_000 });

  // 6. The audit log lists the approval, found by the organisation's name.
  await admin
    .getByRole('navigation', { name: 'Administrace platformy' })
    .getByRole('link', { name: 'Auditní záznam' })
    .click();
  await expect(admin).toHaveURL('/admin/audit');
  await expect(admin).toHaveTitle('Auditní záznam - Opora');
  await admin.getByRole('searchbox', { name: 'Hledat' }).fill(providerName);
  await admin.getByRole('button', { name: 'Hledat', exact: true }).click();
  await expect(admin).toHaveURL(/q=/);
  const entry = admin.getByRole('row').filter({ hasText: providerName });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('Ověření poskytovatele schváleno');
  await expect(entry).toContainText(staff.name);
  await expect(entry).toContainText(staff.email);
  await expectNoAxeViolations(admin);
  await admin.context().close();
  await carer.context().close();
});

test('staff reject a claimed listing with a reason, after reloading the details the claimant changed meanwhile', async ({
  browser,
  request,
  problems,
}) => {
  test.setTimeout(240_000);
  // The decision on an outdated page is refused on purpose (409); Chromium logs the answer.
  problems.allow(/the server responded with a status of 409/);
  const suffix = randomBytes(3).toString('hex');
  const ico = freshIdentificationCode();
  const listingName = `Domov Jasmín ${suffix}`;
  const claimantName = `Domov Jasmín ${suffix}, z. ú.`;
  const providerId = await unclaimedListing(listingName, ico);
  expect(await joinByApi(request, { name: claimantName, identificationCode: ico })).toBe(providerId);

  const admin = await signedInStaff(browser);
  await admin.goto('/admin/verifications');
  const row = queueRow(admin, claimantName);
  await expect(row).toContainText('Převzetí profilu');
  await row.getByRole('link', { name: claimantName }).click();
  await expect(admin.getByRole('heading', { level: 1, name: claimantName })).toBeVisible();

  // The listing as it was beside the claimant's details, the differences marked.
  const claim = admin.getByRole('region', { name: 'Převzetí profilu: původní a nové údaje', exact: true });
  await expect(claim.getByRole('row', { name: /^Název liší se/ })).toContainText(listingName);
  await expect(claim.getByRole('row', { name: /^Název liší se/ })).toContainText(claimantName);
  await expect(claim.getByRole('row', { name: /^IČO/ })).not.toContainText('liší se');
  await expect(claim.getByRole('row', { name: /^Sídlo liší se/ })).toContainText(
    'Palackého 8, 537 01 Chrudim',
  );
  await expect(claim).toContainText(/Liší se \d+ údaj/);
  const services = admin.getByRole('region', { name: 'Služby', exact: true });
  await expect(services).toContainText('1 služba nemá číslo z registru.');
  await expect(services.getByRole('row', { name: new RegExp(listingName) })).toContainText('Bez čísla');
  await expectNoAxeViolations(admin);

  // The claimant saves its details while staff look (the provider's revision moves on).
  await withDatabase((client) =>
    client.query(
      `update providers set description = 'Nově i odlehčovací služba.', revision = revision + 1 where id = $1`,
      [providerId],
    ),
  );

  // "Another reason" needs the note: said beside it before anything is sent.
  const decision = admin.getByRole('region', { name: 'Rozhodnutí', exact: true });
  await decision.getByRole('radio', { name: 'Zamítnout' }).check();
  await decision.getByRole('radio', { name: 'Jiný důvod' }).check();
  await decision.getByRole('button', { name: 'Zamítnout poskytovatele' }).click();
  const note = decision.getByRole('textbox', { name: 'Poznámka' });
  await expect(note).toHaveAccessibleDescription(/Pole je povinné/);
  await expect(note).toBeFocused();
  const noteText = `Žadatel nedoložil plnou moc ${suffix}.`;
  await note.fill(noteText);

  // Confirmed, but refused: the claimant changed its details since the page was read.
  await decision.getByRole('button', { name: 'Zamítnout poskytovatele' }).click();
  const confirmDialog = admin.getByRole('dialog', { name: 'Zamítnout ověření?' });
  await expect(confirmDialog).toContainText('Důvod: Jiný důvod.');
  await confirmDialog.getByRole('button', { name: 'Zamítnout' }).click();
  const changed = admin.getByRole('alert').filter({ hasText: 'Poskytovatel mezitím změnil své údaje' });
  await expect(changed).toBeVisible();
  await changed.getByRole('button', { name: 'Načíst aktuální údaje' }).click();
  await expect(changed).toBeHidden();
  await expect(claim.getByRole('row', { name: /^Popis liší se/ })).toContainText(
    'Nově i odlehčovací služba.',
  );
  await expect(note).toHaveValue(noteText);

  // Decided on what staff now see: rejected, with the reason and the note.
  await decision.getByRole('button', { name: 'Zamítnout poskytovatele' }).click();
  await confirmDialog.getByRole('button', { name: 'Zamítnout' }).click();
  await expect(admin.getByText(`Ověření poskytovatele ${claimantName} jste zamítli.`)).toBeVisible();
  await expect(
    admin.getByRole('heading', { level: 2, name: 'Zamítnuto: poskytovatel není ověřený' }),
  ).toBeFocused();
  const notice = admin.getByRole('region', { name: 'Zamítnuto: poskytovatel není ověřený' });
  await expect(notice).toContainText('Jiný důvod');
  await expect(notice).toContainText(noteText);
  await expectNoAxeViolations(admin);
  await shoot(admin, 'decided-rejected-cs-1280');

  // The audit log, filtered by the action: the rejection with its reason.
  await admin.goto('/admin/audit');
  await admin.getByRole('combobox', { name: 'Úkon' }).selectOption({ label: 'Převzetí profilu zamítnuto' });
  await expect(admin).toHaveURL(/action=provider-claim-rejected/);
  const entry = admin.getByRole('row').filter({ hasText: claimantName });
  await expect(entry).toContainText('Převzetí profilu zamítnuto');
  await expect(entry).toContainText(`Jiný důvod: ${noteText}`);
  await admin.context().close();
});

test('the audit log pages back to older entries, newest first', async ({ browser }) => {
  const suffix = randomBytes(3).toString('hex');
  const label = `Dotazník archiv ${suffix}`;
  // More entries than a page holds (50), a minute apart, as a busy month of questionnaire work leaves.
  await withDatabase((client) =>
    client.query(
      `insert into staff_audit_log (at, actor_name, actor_email, action, record_type, record_id, record_label)
       select now() - (56 - n) * interval '1 minute', 'Marek Dvořák', 'marek@opora.test',
              'survey-definition-published', 'survey-definition', gen_random_uuid(), $1 || ' ' || n
       from generate_series(1, 55) n`,
      [label],
    ),
  );
  const admin = await signedInStaff(browser);
  await admin.goto(`/admin/audit?q=${encodeURIComponent(label)}`);
  await expect(admin.getByRole('searchbox', { name: 'Hledat' })).toHaveValue(label);
  const rows = admin.getByRole('row').filter({ hasText: label });
  await expect(rows).toHaveCount(50);
  await expect(rows.first()).toContainText(`${label} 55`);
  await expect(rows.first()).toContainText('Dotazník zveřejněn');
  await admin.getByRole('button', { name: 'Načíst starší' }).click();
  await expect(rows).toHaveCount(55);
  await expect(rows.last()).toContainText(`${label} 1`);
  await expect(admin.getByText('Starší záznamy nejsou.')).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Načíst starší' })).toHaveCount(0);
  await expectNoAxeViolations(admin);
  await admin.context().close();
});

test('the console in every language at desktop and phone widths', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const suffix = randomBytes(3).toString('hex');
  const newName = `Pečovatelská služba Modřín ${suffix}, z. ú.`;
  const newId = await joinByApi(request, { name: newName, identificationCode: freshIdentificationCode() });
  await activeService(newId, `Pečovatelská služba Modřín ${suffix}`, '1234567');
  await activeService(newId, `Odlehčovací služba Modřín ${suffix}`, null);
  const ico = freshIdentificationCode();
  const claimantName = `Domov Javor ${suffix}, z. ú.`;
  await unclaimedListing(`Domov Javor ${suffix}`, ico);
  await joinByApi(request, { name: claimantName, identificationCode: ico });

  const admin = await signedInStaff(browser);
  await admin.goto('/admin/verifications');
  const newHref = await queueRow(admin, newName).getByRole('link').getAttribute('href');
  const claimHref = await queueRow(admin, claimantName).getByRole('link').getAttribute('href');
  const pages = {
    home: '/admin',
    queue: '/admin/verifications',
    new: newHref ?? '',
    claim: claimHref ?? '',
    audit: '/admin/audit',
  };
  for (const locale of ['cs', 'en', 'sk'] as const) {
    await storeLocale(admin, locale);
    for (const width of [1280, 390]) {
      await admin.setViewportSize({ width, height: 900 });
      for (const [name, path] of Object.entries(pages)) {
        await admin.goto(path);
        await expect(admin.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(admin.locator('[aria-busy="true"]')).toHaveCount(0);
        // Nothing wider than the screen.
        const overflow = await admin.evaluate(() => {
          const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } })
            .document.documentElement;
          return root.scrollWidth;
        });
        expect(overflow, `${name} ${locale} ${width}`).toBeLessThanOrEqual(width);
        await expectNoAxeViolationsInTour(admin, locale);
        await shoot(admin, `${name}-${locale}-${width}`);
      }
    }
  }
  await storeLocale(admin, 'cs');

  // The test's checks leave the queue as they found it.
  const headers = await bearerOf(admin);
  for (const href of [newHref, claimHref]) {
    const verificationId = href?.split('/').pop() ?? '';
    const detail = await callOperation(request, headers, 'getProviderVerification', {
      params: { verificationId },
    });
    await callOperation(request, headers, 'decideProviderVerification', {
      params: { verificationId },
      body: { outcome: 'approved', providerRevision: detail.provider.revision },
    });
  }
  await admin.context().close();
});
