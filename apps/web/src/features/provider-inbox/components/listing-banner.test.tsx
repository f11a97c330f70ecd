import { paths } from '@opora/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { slow, useRealApi } from '@/testing/real-api.tsx';
import { RequestsPage } from './requests-page.tsx';

const api = useRealApi();
const route = {
  path: paths.providerRequests.path,
  url: paths.providerRequests.getHref(),
  namespaces: ['provider', 'provider-freshness', 'enums', 'catalogue', 'errors'],
};
/** Seven months back: the confirmation fell due a month ago, so carers see the listing as out of date. */
const sevenMonthsAgo = () => {
  const date = new Date();
  date.setUTCMonth(date.getUTCMonth() - 7);
  return date.toISOString();
};
const dueTitle = 'Je váš zápis v katalogu stále aktuální?';

describe('listing confirmation banner against the real API', { timeout: 60_000 }, () => {
  it('asks an administrator whose listing is due, confirms in one click, then thanks instead', async () => {
    const admin = await api.seed('providerMember', {
      roles: ['providerAdmin'],
      listingConfirmedAt: sevenMonthsAgo(),
    });
    await api.signIn(admin);
    await api.renderPage(<RequestsPage />, route);

    await screen.findByText(dueTitle, {}, slow);
    screen.getByText(/Pečující teď u vašich služeb vidí upozornění/);
    await userEvent.click(screen.getByRole('button', { name: 'Potvrdit, že je zápis aktuální' }));

    await screen.findByText('Děkujeme, zápis je potvrzený', {}, slow);
    expect(screen.queryByText(dueTitle)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Potvrdit, že je zápis aktuální' })).toBeNull();
  });

  it('tells a worker to ask a colleague, without a button', async () => {
    const admin = await api.seed('providerMember', {
      roles: ['providerAdmin'],
      listingConfirmedAt: sevenMonthsAgo(),
    });
    const worker = await api.seed('providerMember', {
      roles: ['providerUser'],
      providerId: admin.providerId,
    });
    await api.signIn(worker);
    await api.renderPage(<RequestsPage />, route);

    await screen.findByText(dueTitle, {}, slow);
    screen.getByText(/Zápis potvrzuje administrátor nebo koordinátor/);
    expect(screen.queryByRole('button', { name: 'Potvrdit, že je zápis aktuální' })).toBeNull();
  });

  it('shows nothing while the listing is not due', async () => {
    const admin = await api.seed('providerMember', { roles: ['providerAdmin'] });
    await api.signIn(admin);
    await api.renderPage(<RequestsPage />, route);

    await screen.findByRole('heading', { level: 1, name: 'Poptávky' }, slow);
    expect(screen.queryByText(dueTitle)).toBeNull();
  });
});
