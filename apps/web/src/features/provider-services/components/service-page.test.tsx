import { paths } from '@opora/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { slow, useRealApi } from '@/testing/real-api.tsx';
import { ServicePage } from './service-page.tsx';

const api = useRealApi();
const route = {
  path: paths.providerService.path,
  namespaces: ['provider', 'enums', 'catalogue', 'errors', 'provider-services', 'validation'],
};

async function openService(serviceId: string) {
  return api.renderPage(<ServicePage />, { ...route, url: paths.providerService.getHref({ serviceId }) });
}

describe('provider service page against the real API', { timeout: 90_000 }, () => {
  it('deactivates after confirmation, then activates once the missing description is saved', async () => {
    const administrator = await api.seed('providerMember', { roles: ['providerAdmin'] });
    await api.signIn(administrator);
    await openService(administrator.facilityServiceId ?? '');

    await screen.findByRole('heading', { level: 1 }, slow);
    screen.getByText('Aktivní');
    fireEvent.click(screen.getByRole('button', { name: 'Deaktivovat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deaktivovat službu?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deaktivovat' }));
    await screen.findByText('Služba byla deaktivována', undefined, slow);
    await screen.findByText('Koncept', undefined, slow);

    // The seeded service has no description: activation waits for it and says so.
    screen.getByText('Před aktivací doplňte:');
    screen.getByText('popis');
    const activate = screen.getByRole('button', { name: 'Aktivovat' });
    expect(activate.hasAttribute('disabled') || activate.getAttribute('data-disabled') === 'true').toBe(true);

    fireEvent.change(screen.getByRole('textbox', { name: 'Popis' }), {
      target: { value: 'Pomoc v domácnosti a doprovod k lékaři.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Uložit změny' }));
    await screen.findByText('Změny byly uloženy.', undefined, slow);
    await waitFor(() => expect(screen.queryByText('Před aktivací doplňte:')).toBeNull(), slow);
    fireEvent.click(screen.getByRole('button', { name: 'Aktivovat' }));
    await screen.findByText('Služba byla aktivována', undefined, slow);
    await screen.findByText('Aktivní', undefined, slow);
  });

  it('refuses an empty name in the browser, beside the field, and sends nothing', async () => {
    const administrator = await api.seed('providerMember', { roles: ['providerAdmin'] });
    await api.signIn(administrator);
    await openService(administrator.facilityServiceId ?? '');

    const name = await screen.findByRole('textbox', { name: 'Název služby' }, slow);
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Uložit změny' }));
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.queryByText('Změny byly uloženy.')).toBeNull();
  });

  it('lets a worker read the service without changing it', async () => {
    const administrator = await api.seed('providerMember', { roles: ['providerAdmin'] });
    const worker = await api.seed('providerMember', {
      roles: ['providerUser'],
      providerId: administrator.providerId,
    });
    await api.signIn(worker);
    await openService(administrator.facilityServiceId ?? '');

    await screen.findByRole('heading', { level: 1 }, slow);
    screen.getByText('Službu můžete číst; měnit ji mohou správci a koordinátoři.');
    expect(screen.queryByRole('button', { name: 'Deaktivovat' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Uložit změny' })).toBeNull();
    screen.getByRole('link', { name: 'Náhled' });
  });

  it('shows another provider’s service as not found', async () => {
    const administrator = await api.seed('providerMember', { roles: ['providerAdmin'] });
    const stranger = await api.seed('providerMember', { roles: ['providerAdmin'] });
    await api.signIn(stranger);
    await openService(administrator.facilityServiceId ?? '');

    await screen.findByRole('heading', { name: 'Služba nenalezena' }, slow);
  });
});
