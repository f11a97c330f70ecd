import { expect, test } from './fixtures.ts';
import { openUserMenu, signedInNewCarer, signInThroughForm } from './identity.ts';
import { ownPlatformStaff, ownProvider } from './staff.ts';

// Staff roles come from a provider's membership or from platform staff, which no sign-up grants: each
// test makes its own staff (e2e/staff.ts).

test('a provider administrator lands in the inbox and is led back to it from the dashboard and the user menu', async ({
  page,
  request,
}) => {
  const { administrator } = await ownProvider(request);
  await signInThroughForm(page, administrator.email, administrator.password);
  await expect(page).toHaveURL('/provider/requests');
  await expect(page.getByRole('heading', { level: 1, name: 'Poptávky' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Administrace' })).toHaveCount(0);

  await page.goto('/dashboard');
  await page.getByRole('main').getByRole('link', { name: 'Sekce pro poskytovatele' }).click();
  await expect(page).toHaveURL('/provider/requests');

  await page.goto('/user');
  await openUserMenu(page, `${administrator.firstName} ${administrator.lastName}`);
  await expect(page.getByRole('menuitem', { name: 'Administrace' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Sekce pro poskytovatele' }).click();
  await expect(page).toHaveURL('/provider/requests');

  // `/provider` itself opens the inbox.
  await page.goto('/provider');
  await expect(page).toHaveURL('/provider/requests');
});

test('platform staff are led to the administration, which a client cannot open', async ({
  page,
  request,
}) => {
  const admin = await ownPlatformStaff(request);
  await signInThroughForm(page, admin.email, admin.password);
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('link', { name: 'Sekce pro poskytovatele' })).toHaveCount(0);
  await page.getByRole('main').getByRole('link', { name: 'Administrace' }).click();
  await expect(page).toHaveURL('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Administrace' })).toBeVisible();
  await expect(page).toHaveTitle('Administrace - Opora');
  await openUserMenu(page, `${admin.firstName} ${admin.lastName}`);
  await expect(page.getByRole('menuitem', { name: 'Administrace' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.context().clearCookies();
  await signedInNewCarer(page, request);
  await expect(page.getByRole('link', { name: /Sekce pro poskytovatele|Administrace/ })).toHaveCount(0);
  await page.goto('/admin');
  await expect(page).toHaveURL('/unauthorized');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the menu leads a provider to the provider area', async ({ page, request }) => {
    const { administrator } = await ownProvider(request);
    await signInThroughForm(page, administrator.email, administrator.password);
    await expect(page).toHaveURL('/provider/requests');
    await page.goto('/user');
    await page.getByRole('button', { name: 'Otevřít nabídku' }).click();
    const menu = page.getByRole('dialog', { name: 'Nabídka' });
    await menu.getByRole('link', { name: 'Sekce pro poskytovatele' }).click();
    await expect(page).toHaveURL('/provider/requests');
    await expect(menu).toBeHidden();
  });
});
