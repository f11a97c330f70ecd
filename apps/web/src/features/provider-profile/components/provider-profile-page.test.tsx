import { type ProviderDetailsUpdate, paths } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callOperation } from '@/lib/operations.ts';
import { slow, useRealApi } from '@/testing/real-api.tsx';
import { ProviderProfilePage } from './provider-profile-page.tsx';

const api = useRealApi();
const route = {
  path: paths.providerProfile.path,
  url: paths.providerProfile.getHref(),
  namespaces: ['provider', 'enums', 'catalogue', 'errors', 'provider-profile', 'clients', 'validation'],
};

/** A colleague's save of the provider's details, straight through the API. */
function colleagueSaves(providerId: string, name: string, revision: number) {
  const body: ProviderDetailsUpdate = {
    name,
    address: { street: 'Hrnčířská 14', city: 'Praha 4', zipcode: '14900', countyCode: 'CZ0100' },
    billingAddress: {},
    requestsEmail: 'zadosti@vlidna.test',
    revision,
  };
  return callOperation(operations.updateProviderProfile, { params: { providerId }, body });
}

describe('provider profile against the real API', { timeout: 90_000 }, () => {
  it('shows a colleague’s save beside the person’s values and lets them take theirs or keep their own', async () => {
    const administrator = await api.seed('providerMember', { roles: ['providerAdmin'] });
    await api.signIn(administrator);
    await colleagueSaves(administrator.providerId, 'Vlídná péče', 1);
    await api.renderPage(<ProviderProfilePage />, route);
    const user = userEvent.setup();

    const name = await screen.findByRole('textbox', { name: 'Název' }, slow);
    expect((name as HTMLInputElement).value).toBe('Vlídná péče');
    await user.clear(name);
    await user.type(name, 'Moje péče');
    await colleagueSaves(administrator.providerId, 'Jejich péče', 2);
    await user.click(screen.getByRole('button', { name: 'Uložit informace' }));

    // The conflict: the person's value and the saved one side by side; nothing typed is lost.
    const conflict = await screen.findByRole('alert', { name: /Záznam mezitím změnil někdo jiný/ }, slow);
    const row = within(conflict).getByRole('row', { name: /Název/ });
    within(row).getByText('Moje péče');
    within(row).getByText('Jejich péče');
    expect((screen.getByRole('textbox', { name: 'Název' }) as HTMLInputElement).value).toBe('Moje péče');

    // Taking theirs fills the form with the saved record.
    await user.click(within(conflict).getByRole('button', { name: 'Použít uložené hodnoty' }));
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Název' }) as HTMLInputElement).value).toBe('Jejich péče'),
    );
    expect(screen.queryByRole('alert', { name: /Záznam mezitím změnil/ })).toBeNull();

    // Another round: keeping one's own saves it over the colleague's, with the new revision.
    await user.clear(screen.getByRole('textbox', { name: 'Název' }));
    await user.type(screen.getByRole('textbox', { name: 'Název' }), 'Moje péče');
    await colleagueSaves(administrator.providerId, 'Zase jejich', 3);
    await user.click(screen.getByRole('button', { name: 'Uložit informace' }));
    const second = await screen.findByRole('alert', { name: /Záznam mezitím změnil někdo jiný/ }, slow);
    within(second).getByText('Zase jejich');
    await user.click(within(second).getByRole('button', { name: 'Ponechat moje a uložit' }));
    await screen.findByText('Informace o poskytovateli jsou uložené.', {}, slow);

    const stored = await callOperation(operations.getProviderProfile, {
      params: { providerId: administrator.providerId },
    });
    expect(stored.provider).toMatchObject({ name: 'Moje péče', revision: 5 });
  });

  it('shows a worker the details read-only, without a save button', async () => {
    const worker = await api.seed('providerMember', { roles: ['providerUser'] });
    await api.signIn(worker);
    await api.renderPage(<ProviderProfilePage />, route);
    await screen.findByText('Tyto údaje může měnit jen správce poskytovatele.', {}, slow);
    expect(screen.queryByRole('button', { name: 'Uložit informace' })).toBeNull();
  });
});
