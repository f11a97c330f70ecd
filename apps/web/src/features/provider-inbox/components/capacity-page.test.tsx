import { paths } from '@opora/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { slow, useRealApi } from '@/testing/real-api.tsx';
import { CapacityPage } from './capacity-page.tsx';

const api = useRealApi();
const route = {
  path: paths.providerCapacity.path,
  url: paths.providerCapacity.getHref(),
  namespaces: ['provider', 'provider-capacity', 'enums', 'catalogue', 'errors'],
};

describe('capacity page against the real API', { timeout: 60_000 }, () => {
  it('shows a never-confirmed service highlighted, sets its places, then marks it full in one click', async () => {
    const administrator = await api.seed('providerMember', { roles: ['providerAdmin'] });
    await api.signIn(administrator);
    await api.renderPage(<CapacityPage />, route);

    await screen.findByText('1 služba čeká na potvrzení', {}, slow);
    // The service's card: the section around its fields (the facility's section holds it).
    const card = screen.getByRole('textbox', { name: 'Volná místa' }).closest('section') as HTMLElement;
    expect(card.getAttribute('data-stale')).toBe('true');
    within(card).getByText('Kapacita neuvedena');
    // Nothing to confirm yet.
    expect(within(card).getByRole('button', { name: 'Stále platí' }).hasAttribute('disabled')).toBe(true);

    const user = userEvent.setup();
    await user.type(within(card).getByRole('textbox', { name: 'Volná místa' }), '2');
    await user.click(within(card).getByRole('button', { name: 'Uložit' }));
    await screen.findByText('Kapacita všech služeb je potvrzená.', {}, slow);
    await within(card).findByText(/V katalogu: 2 volná místa · potvrzeno dnes/, {}, slow);
    expect(card.getAttribute('data-stale')).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Plně obsazeno' }));
    await within(card).findByText(/V katalogu: Nepřijímá nové klienty · potvrzeno dnes/, {}, slow);
  });

  it('tells a worker without facilities that there is nothing to update', async () => {
    const administrator = await api.seed('providerMember', { roles: ['providerAdmin'] });
    const worker = await api.seed('providerMember', {
      roles: ['providerUser'],
      providerId: administrator.providerId,
    });
    await api.signIn(worker);
    await api.renderPage(<CapacityPage />, route);

    await screen.findByText('Nemáte žádné služby, jejichž kapacitu můžete upravit', {}, slow);
  });
});
