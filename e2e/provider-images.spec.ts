import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signInThroughForm } from './identity.ts';
import { expectNoAxeViolations, storeLocale } from './page-checks.ts';
import { ownProvider } from './staff.ts';

// Issue 23 §5: an administrator uploads a logo on "Logo and photos"; a guest then sees it, through the
// image proxy, on the service's catalogue card and on its detail's Provider tab — loaded, with width
// and height set (the box is held before the image arrives: no layout shift).
const shots = '/tmp/shots-images';

/** A 64 × 64 PNG: the smallest logo the upload takes. */
const logoPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAAT0lEQVR42u3PQQkAAAgEsOtjNcMZ0Qi+hcEKLNXzWgQEBAQEBAQEBAQEBAQEBAQE' +
    'BAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQELgvFPnEtVGJWMgAAAABJRU5ErkJggg==',
  'base64',
);

/** The image has arrived and decoded: a broken or refused one has no natural size. */
async function expectLoaded(image: Locator): Promise<void> {
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((element) => (element as unknown as { naturalWidth: number }).naturalWidth), {
      timeout: 30_000,
    })
    .toBeGreaterThan(0);
}

/** Every image of the page is one of the proxy's addresses, with its box given. */
async function expectSizedProxyImage(image: Locator, size: number): Promise<void> {
  await expect(image).toHaveAttribute('width', String(size));
  await expect(image).toHaveAttribute('height', String(size));
  await expect(image).toHaveAttribute(
    'src',
    /^\/api\/v1\/images\?url=%2Fapi%2Fv1%2Fimages%2Fstored%2F[0-9a-f]{64}&/,
  );
  await expect(image).toHaveAttribute('srcset', / 1x, .* 2x$/);
}

/** Layout shifts the page has had since it loaded (the CLS score's parts). */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate<number>(`new Promise((resolve) => {
    let total = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (!entry.hadRecentInput) total += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
    setTimeout(() => resolve(total), 500);
  })`);
}

test('an administrator uploads a logo and a guest sees it on the catalogue card and the service detail', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  mkdirSync(shots, { recursive: true });
  const provider = await ownProvider(request);

  await signInThroughForm(page, provider.administrator.email, provider.administrator.password);
  await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 });
  await page.goto('/provider/images');
  await expect(page.getByRole('heading', { level: 1, name: 'Logo a fotografie' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('Zatím bez loga')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Fotografie: Pobočka Chodov' })).toBeVisible();
  await expectNoAxeViolations(page);

  // The picker's input; the server decides what the file is.
  const uploaded = page.waitForResponse(
    (response) => /\/logo$/.test(response.url()) && response.request().method() === 'PUT',
  );
  await page.locator('input[type="file"]').first().setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: logoPng,
  });
  expect((await uploaded).status()).toBe(200);
  const preview = page.getByRole('img', { name: `Logo poskytovatele ${provider.name}` });
  await expectLoaded(preview);
  await expectSizedProxyImage(preview, 160);
  await expect(page.getByRole('button', { name: 'Nahradit logo' })).toBeVisible();
  await expectNoAxeViolations(page);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shots}/images-cs-${width}.png`, fullPage: true });
  }
  await storeLocale(page, 'en');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Logo and photos' })).toBeVisible({
    timeout: 30_000,
  });
  await expectLoaded(page.getByRole('img', { name: `Logo of ${provider.name}` }));
  await page.screenshot({ path: `${shots}/images-en-390.png`, fullPage: true });

  // A guest: the card in the catalogue of the service's county, then the detail's Provider tab.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.setViewportSize({ width: 1280, height: 900 });
  await guest.goto('/anon-new-client/services/list/CZ053?county=CZ0531&pageSize=100');
  const card = guest.getByRole('article').filter({ hasText: provider.name }).first();
  await expect(card).toBeVisible({ timeout: 30_000 });
  const cardLogo = card.locator('img');
  await cardLogo.scrollIntoViewIfNeeded();
  await expectLoaded(cardLogo);
  await expectSizedProxyImage(cardLogo, 48);
  await expect(cardLogo).toHaveAttribute('alt', '');
  await card.screenshot({ path: `${shots}/card-cs-1280.png` });

  await guest.goto(`/anon-new-client/services/${provider.serviceId}/CZ053?tab=provider`);
  const detailLogo = guest.getByRole('img', { name: `Logo poskytovatele ${provider.name}` });
  await expectLoaded(detailLogo);
  await expectSizedProxyImage(detailLogo, 128);
  expect(await layoutShift(guest)).toBeLessThan(0.1);
  await expectNoAxeViolations(guest);
  await guest.screenshot({ path: `${shots}/detail-provider-cs-1280.png`, fullPage: true });
  await guest.setViewportSize({ width: 390, height: 844 });
  await guest.screenshot({ path: `${shots}/detail-provider-cs-390.png`, fullPage: true });
  await guestContext.close();
});
