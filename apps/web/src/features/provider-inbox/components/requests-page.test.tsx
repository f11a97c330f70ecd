import { paths } from '@opora/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { retryAfterOutage, slow, useRealApi } from '@/testing/real-api.tsx';
import { RequestsPage } from './requests-page.tsx';

const api = useRealApi();
const route = {
  path: paths.providerRequests.path,
  url: paths.providerRequests.getHref(),
  namespaces: ['provider', 'enums', 'catalogue', 'errors'],
};

describe('provider grid against the real API', { timeout: 60_000 }, () => {
  it('shows the loading state, then the provider’s requests with links to each', async () => {
    const { administrator, request } = await api.seed('inbox', {});
    await api.signIn(administrator);
    await api.renderPage(<RequestsPage />, route);

    screen.getByText('Načítáme sekci pro poskytovatele…');
    const links = await screen.findAllByRole('link', { name: `Otevřít poptávku ${request.code}` }, slow);
    for (const link of links) {
      expect(link.getAttribute('href')).toBe(paths.providerRequest.getHref({ id: request.id }));
    }
    screen.getByRole('heading', { level: 1, name: 'Poptávky' });
    screen.getByText(administrator.providerName);
  });

  it('shows the empty state to a provider without requests', async () => {
    const admin = await api.seed('providerMember', { roles: ['providerAdmin'] });
    await api.signIn(admin);
    await api.renderPage(<RequestsPage />, route);

    await screen.findByRole('heading', { name: 'Zatím tu nemáte žádné poptávky' }, slow);
    screen.getByText('Jakmile vám klient pošle poptávku, objeví se tady a pošleme vám o ní e-mail.');
  });

  it('shows a worker only the requests of their facilities: none here', async () => {
    const { worker, request } = await api.seed('inbox', {});
    await api.signIn(worker);
    await api.renderPage(<RequestsPage />, route);

    await screen.findByRole('heading', { name: 'Zatím tu nemáte žádné poptávky' }, slow);
    expect(screen.queryByText(request.code)).toBeNull();
  });

  it('shows the error state while the requests cannot be loaded, and them after a retry', async () => {
    const { administrator, request } = await api.seed('inbox', {});
    await api.signIn(administrator);
    api.setOutage(/\/requests(\?|$)/);
    await api.renderPage(<RequestsPage />, route);

    await retryAfterOutage(api, 'Poptávky se nepodařilo načíst');
    await screen.findAllByRole('link', { name: `Otevřít poptávku ${request.code}` }, slow);
  });
});
