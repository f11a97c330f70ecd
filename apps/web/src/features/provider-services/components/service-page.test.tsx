import { type ProviderServiceUpdate, paths } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callOperation } from '@/lib/operations.ts';
import { slow, useRealApi } from '@/testing/real-api.tsx';
import { serviceFormValues, toServiceInput } from './service-form.tsx';
import { ServicePage } from './service-page.tsx';

const api = useRealApi();
const route = {
  path: paths.providerService.path,
  namespaces: ['provider', 'enums', 'catalogue', 'errors', 'provider-services', 'validation'],
};

/** A colleague renames the service, straight through the API, on the revision stored now. */
async function colleagueRenames(providerId: string, serviceId: string, name: string) {
  const params = { providerId, serviceId };
  const stored = await callOperation(operations.getProviderService, { params });
  const service = toServiceInput({ ...serviceFormValues(stored), name });
  const body = { service, revision: stored.revision } as ProviderServiceUpdate;
  return callOperation(operations.updateProviderService, { params, body });
}

const nameField = () => screen.getByRole('textbox', { name: 'Název služby' }) as HTMLInputElement;

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

  it('shows a colleague’s save beside the person’s values and lets them take theirs or keep their own', async () => {
    const administrator = await api.seed('providerMember', { roles: ['providerAdmin'] });
    const serviceId = administrator.facilityServiceId ?? '';
    await api.signIn(administrator);
    // A draft: the seeded service lacks a description, which an active one must keep.
    await callOperation(operations.changeProviderServiceStatus, {
      params: { providerId: administrator.providerId, serviceId },
      body: { status: 'draft', revision: 1 },
    });
    await openService(serviceId);

    await screen.findByRole('textbox', { name: 'Název služby' }, slow);
    fireEvent.change(nameField(), { target: { value: 'Moje služba' } });
    await colleagueRenames(administrator.providerId, serviceId, 'Jejich služba');
    fireEvent.click(screen.getByRole('button', { name: 'Uložit změny' }));

    // Their value beside the person's; what the person typed stays in the form.
    const conflict = await screen.findByRole('alert', { name: /Záznam mezitím změnil někdo jiný/ }, slow);
    const row = within(conflict).getByRole('row', { name: /Název služby/ });
    within(row).getByText('Moje služba');
    within(row).getByText('Jejich služba');
    expect(nameField().value).toBe('Moje služba');

    // Taking theirs fills the form with the saved service.
    fireEvent.click(within(conflict).getByRole('button', { name: 'Použít uložené hodnoty' }));
    await waitFor(() => expect(nameField().value).toBe('Jejich služba'));
    expect(screen.queryByRole('alert', { name: /Záznam mezitím změnil/ })).toBeNull();

    // Another round: keeping one's own saves it over the colleague's, on the new revision.
    fireEvent.change(nameField(), { target: { value: 'Moje služba' } });
    await colleagueRenames(administrator.providerId, serviceId, 'Zase jejich');
    fireEvent.click(screen.getByRole('button', { name: 'Uložit změny' }));
    const second = await screen.findByRole('alert', { name: /Záznam mezitím změnil někdo jiný/ }, slow);
    within(second).getByText('Zase jejich');
    fireEvent.click(within(second).getByRole('button', { name: 'Ponechat moje a uložit' }));
    await screen.findByText('Změny byly uloženy.', undefined, slow);
    await screen.findByRole('heading', { level: 1, name: 'Moje služba' }, slow);
    expect(nameField().value).toBe('Moje služba');

    const stored = await callOperation(operations.getProviderService, {
      params: { providerId: administrator.providerId, serviceId },
    });
    expect(stored).toMatchObject({ name: 'Moje služba', revision: 5 });
  });

  it('keeps what the person typed when their own status change moves the revision on', async () => {
    const administrator = await api.seed('providerMember', { roles: ['providerAdmin'] });
    await api.signIn(administrator);
    await openService(administrator.facilityServiceId ?? '');

    await screen.findByRole('textbox', { name: 'Název služby' }, slow);
    fireEvent.change(nameField(), { target: { value: 'Přejmenovaná služba' } });
    fireEvent.click(screen.getByRole('button', { name: 'Deaktivovat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deaktivovat službu?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deaktivovat' }));
    await screen.findByText('Koncept', undefined, slow);
    expect(nameField().value).toBe('Přejmenovaná služba');

    // The status change left the fields as they were: the save goes through on the new revision.
    fireEvent.click(screen.getByRole('button', { name: 'Uložit změny' }));
    await screen.findByText('Změny byly uloženy.', undefined, slow);
    await screen.findByRole('heading', { level: 1, name: 'Přejmenovaná služba' }, slow);
    expect(screen.queryByRole('alert', { name: /Záznam mezitím změnil/ })).toBeNull();
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

  it('saves the number in the register and shows it; refuses other characters beside the field', async () => {
    const administrator = await api.seed('providerMember', { roles: ['providerAdmin'] });
    const serviceId = administrator.facilityServiceId ?? '';
    await api.signIn(administrator);
    // A draft: the seeded service lacks a description, which an active one must keep.
    await callOperation(operations.changeProviderServiceStatus, {
      params: { providerId: administrator.providerId, serviceId },
      body: { status: 'draft', revision: 1 },
    });
    await openService(serviceId);

    const field = await screen.findByRole(
      'textbox',
      { name: 'Identifikátor v registru sociálních služeb' },
      slow,
    );
    fireEvent.change(field, { target: { value: 'č. 123!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Uložit změny' }));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    screen.getByText('Zadejte číslo z registru (písmena, číslice a / - .), nejvýše 40 znaků');

    fireEvent.change(field, { target: { value: '1234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Uložit změny' }));
    await screen.findByText('Změny byly uloženy.', undefined, slow);
    await screen.findByText(/Identifikátor v registru 1234567/, undefined, slow);
    const stored = await callOperation(operations.getProviderService, {
      params: { providerId: administrator.providerId, serviceId },
    });
    expect(stored.registerNumber).toBe('1234567');
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
