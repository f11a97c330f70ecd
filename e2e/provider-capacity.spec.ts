import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { answerOf } from './api.ts';
import { withDatabase } from './database.ts';
import { expect, test } from './fixtures.ts';
import { signInWithTokens, type TestPerson } from './identity.ts';
import {
  expectNoAxeViolations,
  expectNoAxeViolationsInTour,
  screenshot,
  storeLocale,
} from './page-checks.ts';
import { ownProvider } from './staff.ts';

// Live capacity (issue 23 §4) over a provider of the test's own (e2e/staff.ts): its Chodov service
// accepts clients, and the worker of the Vršovice centre marks that centre's service full on the
// capacity page; a guest then sees it "not accepting" on its catalogue card, after the accepting ones.
const shots = '/tmp/shots-capacity';
const county = 'CZ0531';

async function signIn(page: Page, person: TestPerson): Promise<void> {
  // Signing in is not what this spec checks: the tokens without the form (e2e/identity.ts).
  await signInWithTokens(page, person);
}

async function shoot(page: Page, name: string): Promise<void> {
  for (const [label, width] of [
    ['desktop', 1280],
    ['mobile', 390],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await screenshot(page, { path: `${shots}/${name}-${label}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a worker marks their facility’s service full; a guest sees it not accepting, after the accepting ones', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  mkdirSync(shots, { recursive: true });
  const provider = await ownProvider(request);
  await withDatabase((client) =>
    client.query(
      `update facility_services set accepting_clients = true, free_places = 2, waiting_weeks = null,
         capacity_confirmed_at = now() - interval '3 days' where id = $1`,
      [provider.serviceId],
    ),
  );

  await signIn(page, provider.worker);
  await page.goto('/provider/capacity');
  await expect(page.getByRole('heading', { level: 1, name: 'Kapacita služeb' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('link', { name: 'Kapacita' })).toHaveAttribute('aria-current', 'page');
  // The worker's one facility and its one service, never confirmed: highlighted, and counted.
  await expect(
    page.getByRole('heading', { level: 2, name: 'Centrum denních služeb Vršovice' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Pobočka Chodov' })).toHaveCount(0);
  await expect(page.getByText('1 služba čeká na potvrzení')).toBeVisible();
  const card = page.getByRole('region', { name: 'Pečovatelská služba Centrum denních služeb Vršovice' });
  await expect(card).toHaveAttribute('data-stale', 'true');
  await expectNoAxeViolations(page);
  await shoot(page, 'capacity-cs-before');

  await card.getByRole('button', { name: 'Plně obsazeno' }).click();
  await expect(card.getByText('V katalogu: Nepřijímá nové klienty · potvrzeno dnes')).toBeVisible({
    timeout: 30_000,
  });
  await expect(card).not.toHaveAttribute('data-stale', 'true');
  await expect(page.getByText('Kapacita všech služeb je potvrzená.')).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'capacity-cs-after');
  for (const locale of ['en', 'sk'] as const) {
    await storeLocale(page, locale);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      locale === 'en' ? 'Service capacity' : 'Kapacita služieb',
      { timeout: 30_000 },
    );
    await expectNoAxeViolationsInTour(page, locale);
    await shoot(page, `capacity-${locale}`);
  }

  // A guest, in a browser of their own: the county's list, recommended order, one page.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  const answer = guest.waitForResponse(
    (response) => response.url().includes(`/api/v1/web/services?`) && response.url().includes(county),
  );
  await guest.goto(`/anon-new-client/services/list/CZ053?county=${county}&pageSize=100`);
  const list = await answerOf(await answer, 'listServices');
  const ours = list.items.filter((item) => item.provider.id === provider.id);
  const full = ours.find((item) => item.capacity.status === 'full');
  const accepting = ours.find((item) => item.capacity.status === 'accepting');
  expect(full?.facility.name).toBe('Centrum denních služeb Vršovice');
  expect(accepting?.capacity).toMatchObject({ freePlaces: 2 });
  // Accepting, then unknown, then full, across the whole list.
  const ranks = list.items.map((item) => ['accepting', 'unknown', 'full'].indexOf(item.capacity.status));
  expect(ranks).toEqual(ranks.toSorted((a, b) => a - b));
  expect(list.items.indexOf(full!)).toBeGreaterThan(list.items.indexOf(accepting!));

  const cards = guest.getByRole('article').filter({ hasText: provider.name });
  const fullCard = cards.filter({ hasText: 'Vršovice' });
  await expect(fullCard.getByText(/^Nepřijímá nové klienty · potvrzeno dnes$/)).toBeVisible({
    timeout: 30_000,
  });
  await expect(
    cards.filter({ hasText: 'Chodov' }).getByText(/^2 volná místa · potvrzeno před 3 dny$/),
  ).toBeVisible();
  await fullCard.scrollIntoViewIfNeeded();
  await screenshot(guest, { path: `${shots}/catalogue-card-cs.png` });
  await guest.setViewportSize({ width: 390, height: 900 });
  await fullCard.scrollIntoViewIfNeeded();
  await screenshot(guest, { path: `${shots}/catalogue-card-cs-mobile.png` });
  await guestContext.close();
});
