import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { answerOf } from './api.ts';
import { withDatabase } from './database.ts';
import { expect, test } from './fixtures.ts';
import { newPerson, signInThroughForm, signInWithTokens } from './identity.ts';
import { expectNoAxeViolations, screenshot, storeLocale } from './page-checks.ts';
import { freshIdentificationCode } from './staff.ts';

// Issue 25 §1 (decision 0130): an organisation waiting for verification uploads its registration decision
// on its profile ("Doklady k ověření"); staff open the check and download it, as it was uploaded.

const shots = '/tmp/shots-provider-documents';
const staff = { email: 'admin@opora.test', password: 'Opora2026!' };
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(shots, { recursive: true });
  await screenshot(page, { path: `${shots}/${name}.png`, fullPage: true });
}

/** Screenshots at a desktop and a phone width, in Czech and English. */
async function shootWidths(page: Page, name: string): Promise<void> {
  for (const locale of ['cs', 'en']) {
    await storeLocale(page, locale);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await shoot(page, `${name}-${locale}-${width}`);
    }
  }
  await storeLocale(page, 'cs');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
}

test('an organisation uploads its registration decision; staff download it from the check', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const suffix = randomBytes(3).toString('hex');
  const providerName = `Domácí péče Javor ${suffix}, z. ú.`;
  const identificationCode = freshIdentificationCode();
  const person = newPerson({ firstName: 'Dana', lastName: 'Pokorná' });
  const joined = await request.post('/api/v1/web/providers/join', {
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
        name: providerName,
        identificationCode,
        taxCode: `CZ${identificationCode}`,
        country: 'CZ',
        address: { street: 'Korunní 12', city: 'Praha 2', zipcode: '12000', countyCode: 'CZ0100' },
        billingAddress: { name: '', street: '', city: '', zipcode: '' },
        requestsEmail: `poptavky-${person.email}`,
        contactPhone: '+420 601 123 456',
        contactEmail: `info-${person.email}`,
        url: 'https://javor.example.cz',
        description: 'Domácí péče v Praze 2.',
      },
    },
  });
  const providerId = (await answerOf(joined, 'joinAsProvider')).providerId;

  // 1. The banner of a provider waiting for verification points to the documents.
  await signInWithTokens(page, person);
  await page.goto(`/provider/requests?provider=${providerId}`);
  const banner = page.getByRole('note').filter({ hasText: 'Vaše organizace čeká na ověření' });
  await expect(banner).toContainText('Ověření urychlíte', { timeout: 30_000 });
  await banner.getByRole('link', { name: 'Nahrát doklady' }).click();
  await expect(page).toHaveURL(/\/provider\/profile\?.*tab=documents/);
  const section = page.getByRole('region', { name: 'Doklady k ověření' });
  await expect(section).toContainText('Nahrané doklady ho urychlí');
  await expect(section).toContainText('Zatím jste nenahráli žádný doklad.');

  // 2. The administrator says what the document is and uploads the PDF.
  await section.getByRole('combobox', { name: 'Druh dokladu' }).selectOption({
    label: 'Rozhodnutí o registraci sociální služby',
  });
  const chooser = page.waitForEvent('filechooser');
  const uploaded = page.waitForResponse(
    (response) =>
      response.url().includes('/verification-documents/') && response.request().method() === 'PUT',
  );
  await section.getByRole('button', { name: 'Vybrat soubor a nahrát' }).click();
  await (await chooser).setFiles({
    name: 'rozhodnutí o registraci.pdf',
    mimeType: 'application/pdf',
    buffer: pdf,
  });
  expect((await uploaded).status()).toBe(201);
  const list = section.getByRole('list', { name: 'Nahrané doklady' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Rozhodnutí o registraci sociální služby');
  await expect(list).toContainText('rozhodnutí o registraci.pdf');
  await expect(list).toContainText('Celá organizace');
  await expectNoAxeViolations(page);
  await shootWidths(page, 'profile-documents');

  // 3. Staff open the check: the document is there, and its download is the file uploaded.
  const verificationId = await withDatabase(async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `select id from provider_verifications where provider_id = $1 and status = 'open'`,
      [providerId],
    );
    if (!rows[0]) throw new Error('No open check');
    return rows[0].id;
  });
  const admin = await (await browser.newContext()).newPage();
  await signInThroughForm(admin, staff.email, staff.password);
  await expect(admin).toHaveURL('/dashboard', { timeout: 30_000 });
  await admin.goto(`/admin/verifications/${verificationId}`);
  await expect(admin.getByRole('heading', { level: 1, name: providerName })).toBeVisible({ timeout: 30_000 });
  const documents = admin.getByRole('region', { name: 'Doklady od poskytovatele' });
  await expect(documents).toContainText('Rozhodnutí o registraci sociální služby');
  await expect(documents).toContainText('rozhodnutí o registraci.pdf');
  await expectNoAxeViolations(admin);
  const response = admin.waitForResponse((each) =>
    each.url().includes(`/provider-verifications/${verificationId}/documents/`),
  );
  const download = admin.waitForEvent('download');
  await documents.getByRole('button', { name: 'Stáhnout rozhodnutí o registraci.pdf' }).click();
  const answered = await response;
  expect(answered.status()).toBe(200);
  expect(answered.headers()['content-type']).toBe('application/pdf');
  expect(answered.headers()['content-disposition']).toContain('attachment');
  expect(answered.headers()['cache-control']).toContain('no-store');
  const saved = await download;
  expect(saved.suggestedFilename()).toBe('rozhodnutí o registraci.pdf');
  // The bytes the browser saved are those uploaded.
  expect(readFileSync(await saved.path()).equals(pdf)).toBe(true);
  await shootWidths(admin, 'verification-documents');

  // The download is in the staff audit log.
  const audited = await withDatabase(async (client) => {
    const { rows } = await client.query<{ count: string }>(
      `select count(*) from staff_audit_log where action = 'provider-document-downloaded' and record_id = $1`,
      [providerId],
    );
    return Number(rows[0]?.count ?? 0);
  });
  expect(audited).toBe(1);
});
