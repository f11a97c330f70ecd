import { paths } from '@opora/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { retryAfterOutage, slow, useRealApi } from '@/testing/real-api.tsx';
import { ProfilePage } from './profile-page.tsx';

const api = useRealApi();
const route = {
  path: paths.userProfile.path,
  url: paths.userProfile.getHref(),
  namespaces: ['auth', 'validation', 'errors', 'subscriptions'],
};

function section(name: string) {
  return within(screen.getByRole('region', { name }));
}

describe('profile page against the real API', { timeout: 60_000 }, () => {
  it('shows the subscription loading, then the live plan and the person’s own details', async () => {
    const carer = await api.seed('account', { subscribed: true });
    await api.signIn(carer);
    await api.renderPage(<ProfilePage />, route);

    screen.getByRole('heading', { level: 1, name: 'Můj profil' });
    section('Předplatné').getByText('Načítáme předplatné…');
    await section('Předplatné').findByText(/^Obnoví se /, {}, slow);
    section('Předplatné').getByRole('button', { name: 'Zrušit předplatné' });
    const details = section('Osobní údaje');
    expect((details.getByRole('textbox', { name: /Jméno/ }) as HTMLInputElement).value).toBe('Petr');
    section('E-mail').getByText(carer.email);
  });

  it('without a subscription says so and offers to choose one', async () => {
    const carer = await api.seed('account', {});
    await api.signIn(carer);
    await api.renderPage(<ProfilePage />, route);

    await section('Předplatné').findByText(/^Předplatné zatím nemáte\./, {}, slow);
    section('Předplatné').getByRole('link', { name: 'Vybrat předplatné' });
    section('E-mail').getByText('Nepotvrzený');
    section('E-mail').getByRole('button', { name: 'Poslat odkaz znovu' });
  });

  it('shows the error state while the subscription cannot be loaded, and the plan after a retry', async () => {
    const carer = await api.seed('account', { subscribed: true });
    await api.signIn(carer);
    api.setOutage(/\/subscriptions\/current/);
    await api.renderPage(<ProfilePage />, route);

    // The rest of the profile does not wait for it.
    section('Osobní údaje').getByRole('button', { name: 'Uložit změny' });
    await retryAfterOutage(api, 'Předplatné se nepodařilo načíst');
    await section('Předplatné').findByText(/^Obnoví se /, {}, slow);
  });
});
