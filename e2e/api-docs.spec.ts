import { expect, test } from './fixtures.ts';

test('the API reference at /api/docs lists the endpoints and runs under its own CSP', async ({ page }) => {
  await page.goto('/api/docs');
  for (const path of ['/api/health', '/api/ready', '/api/v1/web/config', '/api/v1/web/regions']) {
    await expect(page.getByText(path, { exact: true }).first()).toBeVisible();
  }
});
