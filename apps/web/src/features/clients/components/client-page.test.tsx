import { paths } from '@opora/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { retryAfterOutage, slow, useRealApi } from '@/testing/real-api.tsx';
import { ClientPage } from './client-page.tsx';

const api = useRealApi();
const route = {
  path: paths.dashboardClient.path,
  namespaces: ['clients', 'enums', 'catalogue', 'subscriptions', 'validation', 'errors'],
};

async function openClient(clientId: string, tab?: 'my-services') {
  const url = paths.dashboardClient.getHref({ id: clientId }, tab ? { tab } : undefined);
  return api.renderPage(<ClientPage />, { ...route, url });
}

describe('client page against the real API', { timeout: 60_000 }, () => {
  it('shows the loading state, then the client of the signed-in carer', async () => {
    const carer = await api.seed('account', {});
    const client = await api.seed('client', { ownerUserId: carer.userId });
    await api.signIn(carer);
    await openClient(client.id);

    screen.getByText('Načítáme údaje o klientovi…');
    await screen.findByRole('heading', { level: 1, name: client.fullName }, slow);
    expect(screen.getByRole('tab', { name: 'Nabídka služeb', selected: true })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zpět na přehled' }).getAttribute('href')).toBe(
      paths.dashboard.getHref(),
    );
  });

  it('shows the empty state of a client without requests, with the way to the offer', async () => {
    const carer = await api.seed('account', { subscribed: true });
    const client = await api.seed('client', { ownerUserId: carer.userId });
    await api.signIn(carer);
    await openClient(client.id, 'my-services');

    await screen.findByRole('heading', { name: 'Zatím jste nepoptali žádné služby' }, slow);
    screen.getByRole('tab', { name: 'Moje služby', selected: true });
    screen.getByRole('button', { name: 'Přejít na nabídku služeb' });
  });

  it('does not show another carer’s client: the not-found state', async () => {
    const owner = await api.seed('account', {});
    const client = await api.seed('client', { ownerUserId: owner.userId });
    const stranger = await api.seed('account', {});
    await api.signIn(stranger);
    await openClient(client.id);

    await screen.findByRole('heading', { name: 'Tohoto klienta jsme nenašli' }, slow);
    screen.getByText('Odkaz může být neúplný, nebo klient patří jinému účtu.');
    expect(screen.queryByText(client.fullName)).toBeNull();
  });

  it('shows the error state while the API is down, and the client after a retry', async () => {
    const carer = await api.seed('account', {});
    const client = await api.seed('client', { ownerUserId: carer.userId });
    await api.signIn(carer);
    api.setOutage(true);
    await openClient(client.id);

    await retryAfterOutage(api, 'Údaje o klientovi se nepodařilo načíst');
    await screen.findByRole('heading', { level: 1, name: client.fullName }, slow);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
