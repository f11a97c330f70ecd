import { mkdirSync } from 'node:fs';
import { expect, test } from './fixtures.ts';
import { signInThroughForm } from './identity.ts';
import { expectNoAxeViolations, screenshot, storeLocale } from './page-checks.ts';
import { ownProvider } from './staff.ts';

// The provider area's sections: one row on a wide screen, a menu naming the current section on a
// phone; either way the current section is marked and the keyboard gets everywhere.
const shots = '/tmp/shots-provider-nav';
mkdirSync(shots, { recursive: true });

test('on a wide screen the sections stand in one row with the current one marked', async ({
  page,
  request,
}) => {
  const { administrator } = await ownProvider(request);
  await signInThroughForm(page, administrator.email, administrator.password);
  await expect(page).toHaveURL('/provider/requests');
  const nav = page.getByRole('navigation', { name: 'Sekce pro poskytovatele' });
  const links = nav.getByRole('link');
  await expect(links.first()).toBeVisible();
  const tops = await links.evaluateAll((elements) =>
    elements.map((element) => Math.round(element.getBoundingClientRect().top)),
  );
  expect(new Set(tops).size).toBe(1);
  await expect(nav.getByRole('link', { name: 'Poptávky' })).toHaveAttribute('aria-current', 'page');
  await nav.getByRole('link', { name: 'Profil' }).click();
  await expect(page).toHaveURL('/provider/profile');
  await expect(nav.getByRole('link', { name: 'Profil' })).toHaveAttribute('aria-current', 'page');
  for (const locale of ['cs', 'en', 'sk']) {
    await storeLocale(page, locale);
    await page.reload();
    await expect(
      nav.or(page.getByRole('navigation', { name: /Provider area|Sekcia/ })).first(),
    ).toBeVisible();
    await screenshot(page, { path: `${shots}/1280-${locale}.png` });
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('a menu button names the current section and leads to the others by keyboard', async ({
    page,
    request,
  }) => {
    const { administrator } = await ownProvider(request);
    await signInThroughForm(page, administrator.email, administrator.password);
    await expect(page).toHaveURL('/provider/requests');
    const nav = page.getByRole('navigation', { name: 'Sekce pro poskytovatele' });
    const button = nav.getByRole('button', { name: 'Sekce: Poptávky' });
    await expect(button).toBeVisible();
    await expect(nav.getByRole('link')).toHaveCount(0);
    await screenshot(page, { path: `${shots}/390-cs.png` });

    // By keyboard: the button opens the list, Tab goes down it, Escape closes it back to the button.
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: /^Poptávky/ })).toHaveAttribute('aria-current', 'page');
    await expectNoAxeViolations(page);
    await screenshot(page, { path: `${shots}/390-cs-open.png` });
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: /^Poptávky/ })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(button).toBeFocused();
    await expect(nav.getByRole('link')).toHaveCount(0);
    await page.keyboard.press('Enter');
    const services = nav.getByRole('link', { name: 'Služby' });
    const focused = () =>
      services.evaluate(
        (element) =>
          element ===
          (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement,
      );
    // Tab along the open list to Služby (a handful of links; bounded so a missing link fails, not hangs).
    for (let presses = 0; presses < 20 && !(await focused()); presses += 1) await page.keyboard.press('Tab');
    await expect(services).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/provider/services');
    await expect(nav.getByRole('button', { name: 'Sekce: Služby' })).toBeVisible();

    for (const locale of ['en', 'sk']) {
      await storeLocale(page, locale);
      await page.reload();
      const named = page.getByRole('button', {
        name: locale === 'en' ? 'Section: Services' : 'Sekcia: Služby',
      });
      await named.click();
      await expect(named).toHaveAttribute('aria-expanded', 'true');
      await screenshot(page, { path: `${shots}/390-${locale}-open.png` });
    }
  });
});
