import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page } from '@playwright/test';
import { answerOf } from './api.ts';
import { bearerOf, callOperation } from './carer-data.ts';
import { expect, test } from './fixtures.ts';
import { signInWithTokens } from './identity.ts';
import {
  expectNoAxeViolations,
  expectNoAxeViolationsInTour,
  screenshot,
  storeLocale,
} from './page-checks.ts';

// The staff console's questionnaires (issue 25 §3): a platform administrator makes a questionnaire,
// edits it in the structured editor while the carers' own renderer previews it, saves (a code taken
// is refused beside the field), publishes, makes a new version, publishes that and retires the old
// one; the audit log lists each step. The journey works on the platform's *service* questionnaires,
// which no carer's journey asks: publishing a new case survey version and retiring the seeded `case-v1`
// would change what every other spec (sharing this database) fills in, and the seed cannot bring a
// retired version back. The case survey is opened read-only, and its retirement is refused while it is
// the only published one.

const shots = '/tmp/shots-surveys';
const staff = { email: 'admin@opora.test', password: 'Opora2026!', name: 'Alena Horáková' };

/**
 * The whole page, or what the screen shows: the editor's preview and its save bar stay in view while it
 * scrolls (sticky), which a whole-page capture would draw half-way down.
 */
async function shoot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  mkdirSync(shots, { recursive: true });
  await screenshot(page, { path: `${shots}/${name}.png`, fullPage });
}

/** The demo's platform administrator, signed in in a browser of their own. */
async function signedInStaff(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInWithTokens(page, staff);
  return page;
}

/** A question of the editor, by the text of its heading (`1. Nová otázka`). */
function editorQuestion(page: Page, heading: string | RegExp): Locator {
  return page
    .locator('[data-editor]')
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: heading }) });
}

/** The Czech field of a text in three languages, inside `scope`. */
function czech(scope: Locator, legend: string): Locator {
  return scope.getByRole('group', { name: legend, exact: true }).getByRole('textbox', { name: 'Česky' });
}

async function confirmDialog(page: Page, button: string): Promise<void> {
  await page.getByRole('dialog').getByRole('button', { name: button, exact: true }).click();
}

test('staff make a questionnaire, publish it, make and publish a new version and retire the old one; the audit log lists each step', async ({
  browser,
  request,
  problems,
}) => {
  test.setTimeout(240_000);
  // A code already taken and the last published case survey are refused on purpose (409).
  problems.allow(/the server responded with a status of 409/);
  const suffix = randomBytes(3).toString('hex');
  const code = `e2e-service-${suffix}`;
  const admin = await signedInStaff(browser);

  // 1. The console's questionnaires, by type; the seeded case survey among them.
  await admin.goto('/admin');
  await admin
    .getByRole('navigation', { name: 'Administrace platformy' })
    .getByRole('link', { name: 'Dotazníky' })
    .click();
  await expect(admin).toHaveURL('/admin/surveys');
  await expect(admin).toHaveTitle('Dotazníky - Opora');
  await expect(admin.getByRole('heading', { level: 2, name: 'Dotazník o hledané pomoci' })).toBeVisible();
  await expect(
    admin.getByRole('row').filter({ has: admin.getByRole('link', { name: 'case-v1', exact: true }) }),
  ).toContainText('Zveřejněno');
  await expectNoAxeViolations(admin);

  // 2. A new service questionnaire, blank: a draft with one part and one question.
  await admin.getByRole('button', { name: 'Nový dotazník' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Nový dotazník' });
  await dialog.getByRole('combobox', { name: 'Typ dotazníku' }).selectOption('service');
  await dialog.getByRole('textbox', { name: 'Kód' }).fill(code);
  await dialog.getByRole('radio', { name: /prázdným dotazníkem/ }).check();
  await expectNoAxeViolations(admin, '[role="dialog"]');
  await shoot(admin, 'journey-new-questionnaire-cs-1280', { fullPage: false });
  await dialog.getByRole('button', { name: 'Vytvořit koncept' }).click();
  await expect(admin).toHaveURL(/\/admin\/surveys\/[0-9a-f-]{36}$/);
  const firstUrl = admin.url();
  await expect(admin.getByRole('heading', { level: 1, name: 'Nový dotazník' })).toBeVisible();
  await expect(admin.getByText('Koncept', { exact: true })).toBeVisible();

  // 3. The question's Czech title edited: the preview shows it as carers will, before any save.
  const question = editorQuestion(admin, '1. Nová otázka');
  await question.getByRole('button', { name: '1. Nová otázka' }).click();
  await czech(question, 'Otázka').fill('Jak často potřebujete pomoc?');
  const preview = admin.locator('[data-preview]');
  await expect(preview.getByRole('group', { name: 'Jak často potřebujete pomoc?' })).toBeVisible();
  await expect(admin.getByText('Máte neuložené změny. Před zveřejněním je uložte.')).toBeVisible();
  // The preview in English: the question's English text, the buttons' English words.
  const previewLanguage = admin.getByRole('radiogroup', { name: 'Jazyk náhledu' });
  await previewLanguage.getByText('EN', { exact: true }).click();
  await expect(preview.getByRole('group', { name: 'New question' })).toBeVisible();
  await expect(preview.getByRole('button', { name: 'Save the questionnaire' })).toBeVisible();
  await previewLanguage.getByText('CS', { exact: true }).click();
  await expectNoAxeViolations(admin);

  // 4. Saved, then published (confirmed: it freezes the questionnaire).
  await admin.getByRole('button', { name: 'Uložit', exact: true }).click();
  await expect(admin.getByText('Všechny změny jsou uložené.')).toBeVisible();
  await admin.getByRole('button', { name: 'Zveřejnit', exact: true }).click();
  await expect(admin.getByRole('dialog', { name: 'Zveřejnit dotazník?' })).toBeVisible();
  await confirmDialog(admin, 'Zveřejnit');
  await expect(admin.getByRole('heading', { name: 'Zveřejněný dotazník nelze měnit' })).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Uložit', exact: true })).toHaveCount(0);

  // 5. A new version: a draft copy, numbered after it, under a new code.
  await admin.getByRole('button', { name: 'Vytvořit novou verzi' }).click();
  const versionDialog = admin.getByRole('dialog', { name: 'Nová verze dotazníku' });
  await versionDialog.getByRole('textbox', { name: 'Kód' }).fill(`${code}-next`);
  await expectNoAxeViolations(admin, '[role="dialog"]');
  await shoot(admin, 'journey-new-version-cs-1280', { fullPage: false });
  await versionDialog.getByRole('button', { name: 'Vytvořit koncept' }).click();
  await expect(admin).not.toHaveURL(firstUrl);
  await expect(admin).toHaveURL(/\/admin\/surveys\/[0-9a-f-]{36}$/);
  const secondUrl = admin.url();
  await expect(admin.getByText(`${code}-next`, { exact: true })).toBeVisible();

  // 6. The copy edited: the title reworded, a question added and moved before the first.
  const copied = editorQuestion(admin, '1. Jak často potřebujete pomoc?');
  await copied.getByRole('button', { name: '1. Jak často potřebujete pomoc?' }).click();
  await czech(copied, 'Otázka').fill('Jak často potřebujete pomoc doma?');
  await admin.getByRole('button', { name: 'Přidat otázku' }).click();
  const added = editorQuestion(admin, '2. Nová otázka');
  await expect(added.getByRole('textbox', { name: 'Název v datech' })).toBeFocused();
  await added.getByRole('button', { name: 'Posunout otázku „Nová otázka“ výš' }).click();
  await expect(admin.getByRole('button', { name: '1. Nová otázka' })).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Posunout otázku „Nová otázka“ výš' })).toBeDisabled();
  await expect(preview.getByRole('group')).toHaveCount(2);
  await expect(preview.getByRole('group').nth(1)).toHaveAccessibleName('Jak často potřebujete pomoc doma?');

  // The same document as JSON, as it will be sent.
  const contentView = admin.getByRole('radiogroup', { name: 'Zobrazení obsahu' });
  await contentView.getByText('JSON', { exact: true }).click();
  await expect(admin.getByRole('textbox', { name: 'Dotazník ve formátu JSON' })).toHaveValue(
    /"cs": "Jak často potřebujete pomoc doma\?"/,
  );
  await contentView.getByText('Formulář', { exact: true }).click();

  // Leaving with unsaved edits asks first.
  await admin.getByRole('link', { name: 'Všechny dotazníky' }).click();
  const leave = admin.getByRole('dialog', { name: 'Odejít bez uložení?' });
  await expect(leave).toBeVisible();
  await expectNoAxeViolations(admin, '[role="dialog"]');
  await shoot(admin, 'journey-leave-cs-1280', { fullPage: false });
  await leave.getByRole('button', { name: 'Zůstat a upravovat' }).click();
  await expect(admin).toHaveURL(secondUrl);

  // 7. A code already taken is refused beside the field; the draft then saves under its own.
  const codeField = admin.getByRole('textbox', { name: 'Kód' });
  await codeField.fill('case-v1');
  await admin.getByRole('button', { name: 'Uložit', exact: true }).click();
  await expect(codeField).toHaveAttribute('aria-invalid', 'true');
  await expect(codeField).toHaveAccessibleDescription(/Identifikátor dotazníku musí být jedinečný/);
  await shoot(admin, 'journey-code-taken-cs-1280', { fullPage: false });
  await codeField.fill(`${code}-v2`);
  await admin.getByRole('button', { name: 'Uložit', exact: true }).click();
  await expect(admin.getByText('Všechny změny jsou uložené.')).toBeVisible();
  await expect(codeField).not.toHaveAttribute('aria-invalid', 'true');

  // The preview answers as a carer would, and saves nothing.
  await preview.getByRole('radio', { name: 'Možnost 1' }).first().check();
  await preview.getByRole('radio', { name: 'Možnost 2' }).nth(1).check();
  await preview.getByRole('button', { name: 'Uložit dotazník' }).click();
  await expect(preview.getByText('Dotazník je vyplněný.', { exact: false })).toBeVisible();

  // 8. The new version published; the old one retired.
  await admin.getByRole('button', { name: 'Zveřejnit', exact: true }).click();
  await confirmDialog(admin, 'Zveřejnit');
  await expect(admin.getByRole('heading', { name: 'Zveřejněný dotazník nelze měnit' })).toBeVisible();
  await admin.goto(firstUrl);
  await admin.getByRole('button', { name: 'Vyřadit', exact: true }).click();
  await expect(admin.getByRole('dialog', { name: 'Vyřadit dotazník?' })).toBeVisible();
  await confirmDialog(admin, 'Vyřadit');
  await expect(admin.getByRole('heading', { name: 'Vyřazený dotazník' })).toBeVisible();
  await expect(admin.getByRole('heading', { name: 'Vyřazený dotazník' })).toBeFocused();
  await expect(admin.getByText('Vyřazeno', { exact: true })).toBeVisible();

  // 9. The case survey is read, not changed: while it is the only published one, retiring it is refused
  // with the reason.
  const headers = await bearerOf(admin);
  const definitions = await callOperation(request, headers, 'listSurveyDefinitions', {});
  const publishedCase = definitions.filter(
    (definition) =>
      definition.type === 'case' && definition.providerId === null && definition.status === 'published',
  );
  await admin.goto('/admin/surveys');
  await admin.getByRole('link', { name: 'case-v1', exact: true }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Jakou pomoc hledáte' })).toBeVisible();
  await expect(admin.getByRole('heading', { name: 'Zveřejněný dotazník nelze měnit' })).toBeVisible();
  await expect(admin.locator('[data-preview]').getByRole('heading', { level: 2 })).toBeVisible();
  if (publishedCase.length === 1) {
    await admin.getByRole('button', { name: 'Vyřadit', exact: true }).click();
    await confirmDialog(admin, 'Vyřadit');
    await expect(
      admin.getByRole('alert').filter({ hasText: 'Tuto verzi zatím nelze vyřadit' }),
    ).toBeVisible();
    await expectNoAxeViolations(admin);
    await shoot(admin, 'journey-last-published-cs-1280', { fullPage: false });
  }
  const caseSurvey = await answerOf(await request.get('/api/v1/web/surveys/case'), 'getPublishedSurvey');
  expect(caseSurvey.code).toBe('case-v1');

  // 10. The audit log lists every step, found by the code.
  await admin.goto(`/admin/audit?q=${encodeURIComponent(code)}`);
  await expect(admin).toHaveTitle('Auditní záznam - Opora');
  const rows = admin.getByRole('row').filter({ hasText: code });
  for (const action of [
    'Dotazník vytvořen',
    'Dotazník upraven',
    'Dotazník zveřejněn',
    'Vytvořena nová verze dotazníku',
    'Dotazník vyřazen',
  ]) {
    await expect(rows.filter({ hasText: action }).first()).toBeVisible();
  }
  await expect(rows.first()).toContainText(staff.email);

  // The test's questionnaire is offered to nobody once it is done.
  const [second] = definitions.filter((definition) => definition.code === `${code}-v2`);
  if (second) {
    await callOperation(request, headers, 'retireSurveyDefinition', {
      params: { surveyDefinitionId: second.id },
    });
  }
  await admin.context().close();
});

test('the questionnaires and the editor in Czech, English and Slovak, wide and on a phone; a draft is deleted', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const admin = await signedInStaff(browser);
  const headers = await bearerOf(admin);
  // A draft with the case survey's content (questions of every kind, conditions), under a service code.
  const definitions = await callOperation(request, headers, 'listSurveyDefinitions', {});
  const caseV1 = definitions.find((definition) => definition.code === 'case-v1');
  expect(caseV1).toBeDefined();
  const versions = definitions
    .filter((definition) => definition.type === 'service' && definition.providerId === null)
    .map((definition) => definition.version);
  const code = `e2e-shots-${randomBytes(3).toString('hex')}`;
  const draft = await callOperation(request, headers, 'createSurveyDefinition', {
    body: {
      type: 'service',
      code,
      version: Math.max(0, ...versions) + 1,
      definition: JSON.stringify(caseV1?.definition),
    },
  });
  const pages = {
    list: '/admin/surveys',
    draft: `/admin/surveys/${draft.id}`,
    published: `/admin/surveys/${caseV1?.id}`,
  };

  for (const locale of ['cs', 'en', 'sk'] as const) {
    await admin.goto('/admin');
    await storeLocale(admin, locale);
    for (const width of [1280, 390]) {
      await admin.setViewportSize({ width, height: 900 });
      for (const [name, path] of Object.entries(pages)) {
        await admin.goto(path);
        await expect(admin.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(admin.locator('[aria-busy="true"]')).toHaveCount(0);
        if (name !== 'list') {
          // The first question opened, so its fields are checked and shown too.
          await admin.locator('[data-editor]').getByRole('button', { name: /^1\. / }).first().click();
          if (width === 1280) await expect(admin.locator('[data-preview]')).toBeVisible();
        }
        const overflow = await admin.evaluate(() => {
          const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } })
            .document.documentElement;
          return root.scrollWidth;
        });
        expect(overflow, `${name} ${locale} ${width}`).toBeLessThanOrEqual(width);
        await expectNoAxeViolationsInTour(admin, locale);
        await admin.evaluate(() =>
          (globalThis as unknown as { scrollTo: (x: number, y: number) => void }).scrollTo(0, 0),
        );
        if (name === 'list') await shoot(admin, `${name}-${locale}-${width}`);
        else {
          await shoot(admin, `${name}-${locale}-${width}`, { fullPage: false });
          await admin
            .locator('[data-editor]')
            .getByRole('button', { name: /^1\. / })
            .first()
            .scrollIntoViewIfNeeded();
          await shoot(admin, `${name}-question-${locale}-${width}`, { fullPage: false });
        }
        if (name === 'draft' && width === 390) {
          // On a phone the preview is the second tab.
          await admin
            .getByRole('tab', { name: { cs: 'Náhled', en: 'Preview', sk: 'Náhľad' }[locale] })
            .click();
          await expect(admin.locator('[data-preview]')).toBeVisible();
          await expectNoAxeViolationsInTour(admin, locale);
          await shoot(admin, `${name}-preview-${locale}-${width}`, { fullPage: false });
        }
      }
    }
  }
  await storeLocale(admin, 'cs');
  await admin.setViewportSize({ width: 1280, height: 900 });

  // The draft deleted (confirmed); the list no longer has it.
  await admin.goto(pages.draft);
  await admin.getByRole('button', { name: 'Smazat', exact: true }).click();
  await expect(admin.getByRole('dialog', { name: 'Smazat koncept?' })).toBeVisible();
  await confirmDialog(admin, 'Smazat koncept');
  await expect(admin).toHaveURL('/admin/surveys');
  await expect(admin.getByRole('link', { name: code })).toHaveCount(0);
  await admin.context().close();
});
