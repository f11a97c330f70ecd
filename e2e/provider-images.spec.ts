import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signInThroughForm } from './identity.ts';
import { expectNoAxeViolations, screenshot, storeLocale } from './page-checks.ts';
import { ownProvider } from './staff.ts';

// Issue 23 §5: an administrator uploads a logo in the provider profile's Provider information tab and a
// photo in a facility's Facility information tab (SPEC §2; `/provider/images` only redirects now); a
// guest then sees the logo, through the image proxy, on the service's catalogue card and on its
// detail's Provider tab — loaded, with width and height set (the box is held before the image arrives:
// no layout shift).
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

/**
 * Layout shifts the page has had until `image` loaded (the CLS score's parts). Read after the image's
 * `load` event from an observer with `buffered: true`: `takeRecords()` answers the shifts already
 * recorded at once, none included, so nothing waits on a timer.
 */
async function layoutShiftUntilLoaded(image: Locator): Promise<number> {
  return image.evaluate(
    (element) =>
      new Promise<number>((resolve) => {
        type Shift = { value: number; hadRecentInput: boolean };
        type Observer = { observe(options: object): void; takeRecords(): Shift[]; disconnect(): void };
        const browser = globalThis as unknown as {
          PerformanceObserver: new (callback: () => void) => Observer;
        };
        const picture = element as unknown as {
          complete: boolean;
          naturalWidth: number;
          addEventListener(type: 'load', listener: () => void, options: { once: true }): void;
        };
        const total = () => {
          const observer = new browser.PerformanceObserver(() => {});
          observer.observe({ type: 'layout-shift', buffered: true });
          const shifts = observer.takeRecords().filter((shift) => !shift.hadRecentInput);
          observer.disconnect();
          resolve(shifts.reduce((sum, shift) => sum + shift.value, 0));
        };
        if (picture.complete && picture.naturalWidth > 0) total();
        else picture.addEventListener('load', total, { once: true });
      }),
  );
}

/** A `width` × `height` PNG drawn by the browser: a photo the upload takes (shorter side ≥ 320). */
async function photoPng(page: Page, width: number, height: number): Promise<Buffer> {
  const dataUrl = await page.evaluate<string>(`(() => {
    const canvas = document.createElement('canvas');
    canvas.width = ${width};
    canvas.height = ${height};
    const context = canvas.getContext('2d');
    const gradient = context.createLinearGradient(0, 0, ${width}, ${height});
    gradient.addColorStop(0, '#7fb069');
    gradient.addColorStop(1, '#2b6cb0');
    context.fillStyle = gradient;
    context.fillRect(0, 0, ${width}, ${height});
    return canvas.toDataURL('image/png');
  })()`);
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

const texts = {
  cs: {
    profile: 'Profil poskytovatele',
    providerTab: 'Informace o poskytovateli',
    facilityTab: 'Informace o zařízení',
    logo: (name: string) => `Logo poskytovatele ${name}`,
    photos: 'Fotografie zařízení',
    photo: 'Fotografie 1 zařízení Pobočka Chodov',
  },
  sk: {
    profile: 'Profil poskytovateľa',
    providerTab: 'Informácie o poskytovateľovi',
    facilityTab: 'Informácie o zariadení',
    logo: (name: string) => `Logo poskytovateľa ${name}`,
    photos: 'Fotografie zariadenia',
    photo: 'Fotografia 1 zariadenia Pobočka Chodov',
  },
  en: {
    profile: 'Provider profile',
    providerTab: 'Provider information',
    facilityTab: 'Facility information',
    logo: (name: string) => `Logo of ${name}`,
    photos: 'Photos of the facility',
    photo: 'Photo 1 of Pobočka Chodov',
  },
} as const;

test('an administrator adds the logo on the profile and a photo on the facility; a guest sees the logo', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  mkdirSync(shots, { recursive: true });
  const provider = await ownProvider(request);

  await signInThroughForm(page, provider.administrator.email, provider.administrator.password);
  await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 });
  // The old page's address leads to the profile, whose first tab holds the logo.
  await page.goto('/provider/images');
  await expect(page).toHaveURL(/\/provider\/profile$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: texts.cs.profile })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('tab', { name: texts.cs.providerTab })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Logo a fotky' })).toHaveCount(0);
  await expect(page.getByText('Zatím bez loga')).toBeVisible();
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
  const preview = page.getByRole('img', { name: texts.cs.logo(provider.name) });
  await expectLoaded(preview);
  await expectSizedProxyImage(preview, 160);
  await expect(page.getByRole('button', { name: 'Nahradit logo' })).toBeVisible();
  // The logo stands beside the details form, not among its fields.
  await expect(page.getByRole('form').locator('input[type="file"]')).toHaveCount(0);
  await expectNoAxeViolations(page);
  const profileUrl = page.url();

  // The facility's Facility information tab: its form, then its photos.
  await page.getByRole('tab', { name: 'Zařízení' }).click();
  await page.getByRole('link', { name: 'Pobočka Chodov' }).click();
  await page.getByRole('tab', { name: texts.cs.facilityTab }).click();
  await expect(page.getByRole('heading', { name: texts.cs.photos })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Zařízení zatím nemá žádné fotografie.')).toBeVisible();
  const photoSaved = page.waitForResponse(
    (response) => /\/photos\/[0-9a-f-]{36}$/.test(response.url()) && response.request().method() === 'PUT',
  );
  await page
    .locator('input[type="file"]')
    .first()
    .setInputFiles({
      name: 'chodov.png',
      mimeType: 'image/png',
      buffer: await photoPng(page, 960, 720),
    });
  expect((await photoSaved).status()).toBe(201);
  await expectLoaded(page.getByRole('img', { name: texts.cs.photo }));
  await expectNoAxeViolations(page);
  const facilityUrl = page.url();

  // Both pages in each language, at a desktop's width and a phone's.
  for (const locale of ['cs', 'sk', 'en'] as const) {
    await storeLocale(page, locale);
    for (const [name, url, ready] of [
      ['profile', profileUrl, texts[locale].logo(provider.name)],
      ['facility', facilityUrl, texts[locale].photo],
    ] as const) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(url);
      const image = page.getByRole('img', { name: ready });
      await expectLoaded(image);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await expectLoaded(image);
        await screenshot(page, { path: `${shots}/${name}-${locale}-${width}.png`, fullPage: true });
      }
    }
  }

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
  await screenshot(card, { path: `${shots}/card-cs-1280.png` });

  await guest.goto(`/anon-new-client/services/${provider.serviceId}/CZ053?tab=provider`);
  const detailLogo = guest.getByRole('img', { name: `Logo poskytovatele ${provider.name}` });
  await expectLoaded(detailLogo);
  await expectSizedProxyImage(detailLogo, 128);
  expect(await layoutShiftUntilLoaded(detailLogo)).toBeLessThan(0.1);
  await expectNoAxeViolations(guest);
  await screenshot(guest, { path: `${shots}/detail-provider-cs-1280.png`, fullPage: true });
  await guest.setViewportSize({ width: 390, height: 844 });
  await screenshot(guest, { path: `${shots}/detail-provider-cs-390.png`, fullPage: true });
  await guestContext.close();
});
