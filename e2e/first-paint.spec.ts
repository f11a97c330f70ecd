import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signedInNewCarer } from './identity.ts';
import { screenshot } from './page-checks.ts';

// The first paint of a page load is its frame (header, the layout, a skeleton where the page will be),
// drawn before the session answers; when the page arrives nothing visible moves (docs/decisions/0109).

const shots = '/tmp/shots';

type ShiftWindow = { __oporaLayoutShift?: number };

/** Adds up the page's layout shifts not caused by input, as Lighthouse's cumulative layout shift does. */
async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const browser = globalThis as unknown as ShiftWindow;
    browser.__oporaLayoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput)
          browser.__oporaLayoutShift = (browser.__oporaLayoutShift ?? 0) + entry.value;
      }
    }).observe({ type: 'layout-shift' as 'mark', buffered: true });
  });
}

function layoutShift(page: Page): Promise<number> {
  return page.evaluate(() => (globalThis as unknown as ShiftWindow).__oporaLayoutShift ?? 0);
}

/** Holds every answer of `/users/me` until the returned function is called. */
async function holdCurrentUser(page: Page): Promise<{ asked: Promise<void>; release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = () => {};
  const askedOnce = new Promise<void>((resolve) => {
    asked = resolve;
  });
  await page.route(/\/api\/v1\/web\/users\/me(\?|$)/, async (route) => {
    asked();
    await released;
    await route.continue();
  });
  return { asked: askedOnce, release };
}

for (const { size, viewport } of [
  { size: 'desktop', viewport: { width: 1280, height: 800 } },
  { size: 'mobile', viewport: { width: 390, height: 844 } },
]) {
  test(`a signed-in page shows its frame while the session loads and does not shift when it arrives (${size})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    await signedInNewCarer(page, request);
    await watchLayoutShifts(page);
    const currentUser = await holdCurrentUser(page);

    await page.goto('/dashboard', { waitUntil: 'commit' });
    await currentUser.asked;
    // The session has not answered, and the frame is there: header with its way home, the page's
    // place marked busy, the footer below the fold.
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Opora – úvodní stránka' })).toBeVisible();
    const busy = page.getByRole('main').locator('[aria-busy="true"]');
    await expect(busy).toBeVisible();
    await expect(busy.getByRole('status')).toHaveText('Načítáme…');
    await expect(page.getByRole('contentinfo')).not.toBeInViewport();
    // Someone holding a token is not offered sign-in while their user loads.
    await expect(page.getByRole('link', { name: 'Přihlásit se' })).toHaveCount(0);
    const headerBox = await header.boundingBox();
    mkdirSync(shots, { recursive: true });
    await screenshot(page, { path: `${shots}/first-paint-dashboard-loading-${size}.png` });

    currentUser.release();
    await expect(
      page.getByRole('heading', { level: 2, name: 'Začněte tím, pro koho péči hledáte' }),
    ).toBeVisible();
    await expect(busy).toHaveCount(0);
    expect(await header.boundingBox()).toEqual(headerBox);
    await screenshot(page, { path: `${shots}/first-paint-dashboard-loaded-${size}.png` });
    expect(await layoutShift(page)).toBeLessThan(0.01);
  });
}
