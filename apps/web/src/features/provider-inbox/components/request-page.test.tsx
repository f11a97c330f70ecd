import { paths } from '@opora/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { retryAfterOutage, slow, useRealApi } from '@/testing/real-api.tsx';
import { RequestPage } from './request-page.tsx';

const api = useRealApi();
const route = {
  path: paths.providerRequest.path,
  namespaces: [
    'provider',
    'enums',
    'catalogue',
    'errors',
    'provider-capacity',
    'provider-request',
    'requests',
    'surveys',
    'validation',
  ],
};

async function openRequest(id: string) {
  return api.renderPage(<RequestPage />, { ...route, url: paths.providerRequest.getHref({ id }) });
}

async function expectNotFound() {
  await screen.findByRole('heading', { name: 'Poptávku jsme nenašli' }, slow);
  const back = screen.getByRole('link', { name: /Na seznam poptávek/ });
  expect(back.getAttribute('href')).toBe(paths.providerRequests.getHref());
}

describe('provider request page against the real API', { timeout: 60_000 }, () => {
  it('shows the loading state, then the request: its client, code and actions', async () => {
    const { administrator, request } = await api.seed('inbox', {});
    await api.signIn(administrator);
    await openRequest(request.id);

    screen.getByText('Načítáme sekci pro poskytovatele…');
    await screen.findByRole('heading', { level: 1, name: request.clientName }, slow);
    expect(screen.getAllByText(new RegExp(request.code)).length).toBeGreaterThan(0);
    screen.getByRole('button', { name: 'Tisk' });
    expect(screen.getByRole('link', { name: /Zpět na poptávky/ }).getAttribute('href')).toContain(
      paths.providerRequests.getHref(),
    );
  });

  it('does not show another provider’s request: the not-found state', async () => {
    const { request } = await api.seed('inbox', {});
    const stranger = await api.seed('providerMember', { roles: ['providerAdmin'] });
    await api.signIn(stranger);
    await openRequest(request.id);

    await expectNotFound();
    expect(screen.queryByText(request.clientName)).toBeNull();
  });

  it('does not show a worker a request of a facility they are not assigned to', async () => {
    const { worker, request } = await api.seed('inbox', {});
    await api.signIn(worker);
    await openRequest(request.id);

    await expectNotFound();
  });

  it('shows the error state while the request cannot be loaded, and it after a retry', async () => {
    const { administrator, request } = await api.seed('inbox', {});
    await api.signIn(administrator);
    api.setOutage(new RegExp(`/requests/${request.id}$`));
    await openRequest(request.id);

    await retryAfterOutage(api, 'Poptávku se nepodařilo načíst');
    await screen.findByRole('heading', { level: 1, name: request.clientName }, slow);
  });

  it('declines for no capacity and marks the service full in the same submit; the capacity card shows it', async () => {
    const { administrator, request } = await api.seed('inbox', {});
    await api.signIn(administrator);
    await openRequest(request.id);
    await screen.findByRole('heading', { level: 1, name: request.clientName }, slow);
    const card = (await screen.findByRole('heading', { name: 'Kapacita služby' }, slow)).closest(
      'section',
    ) as HTMLElement;
    within(card).getByText('Kapacita neuvedena');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Změnit stav' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Zamítnuta' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Nemáme volnou kapacitu' }));
    const markFull = within(dialog).getByRole('checkbox', { name: /jako plně obsazenou/ });
    expect((markFull as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Změnit stav' }));

    await within(card).findByText('V katalogu: Nepřijímá nové klienty · potvrzeno dnes', {}, slow);
  });
});
