import { paths } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callOperation } from '@/lib/operations.ts';
import { slow, useRealApi } from '@/testing/real-api.tsx';
import { PlanPage } from './plan-page.tsx';

const api = useRealApi();
const route = {
  path: paths.providerPlan.path,
  url: paths.providerPlan.getHref(),
  namespaces: ['provider', 'provider-plan', 'enums', 'catalogue', 'errors'],
};

describe('provider plan page against the real API', { timeout: 60_000 }, () => {
  it('shows an administrator the free months, the price with VAT and the way to pay', async () => {
    const admin = await api.seed('providerMember', { roles: ['providerAdmin'] });
    await api.signIn(admin);
    await api.renderPage(<PlanPage />, route);

    screen.getByText('Načítáme sekci pro poskytovatele…');
    await screen.findByRole('heading', { level: 2, name: /^Bezplatné měsíce do / }, slow);
    screen.getByRole('heading', { level: 1, name: 'Plán poskytovatele' });
    screen.getByText('Zdarma', { selector: 'span' });
    screen.getByText(/990\sKč měsíčně/, { selector: 'span' });
    screen.getByText('včetně 21 % DPH');
    screen.getByRole('button', { name: 'Nastavit měsíční platbu' });
    screen.getByText('Zatím žádné platby.');
    expect(screen.getByRole('link', { name: 'Plán a platby' }).getAttribute('aria-current')).toBe('page');
  });

  it('tells a coordinator of an unpaid provider that its services are hidden, without a pay button', async () => {
    const admin = await api.seed('providerMember', { roles: ['providerAdmin'] });
    const coordinator = await api.seed('providerMember', {
      roles: ['providerCoordinator'],
      providerId: admin.providerId,
    });
    await api.seed('lapsedPlan', { providerId: admin.providerId });
    await api.signIn(coordinator);
    await api.renderPage(<PlanPage />, route);

    const title = await screen.findByRole(
      'heading',
      { level: 2, name: 'Vaše služby jsou skryté, dokud nezaplatíte' },
      slow,
    );
    const card = title.closest('div.mantine-Paper-root') as HTMLElement;
    within(card).getByText('Nezaplaceno');
    within(card).getByText('skryté');
    within(card).getByText('Zaplatit může správce poskytovatele.');
    expect(screen.queryByRole('button', { name: /Zaplatit|Nastavit/ })).toBeNull();
  });

  it('stops asking for a payment the gateway leaves pending, says so, and asks again on request', async () => {
    const admin = await api.seed('providerMember', { roles: ['providerAdmin'] });
    await api.signIn(admin);
    // The administrator went to the test gateway and came back without it answering.
    const checkout = await callOperation(operations.createProviderPlanCheckout, {
      params: { providerId: admin.providerId },
    });
    await api.renderPage(<PlanPage wait={{ firstDelayMs: 200, maxDelayMs: 400, limitMs: 3_000 }} />, {
      ...route,
      url: `${paths.providerPlan.getHref()}?checkout=${checkout.id}`,
    });

    // However slowly the page came: after the wait, no more asking, and the person is told.
    const stillWaiting = /Platební brána zatím platbu nepotvrdila/;
    await screen.findByText(stillWaiting, {}, slow);
    expect(screen.queryByText('Čekáme na potvrzení platby od platební brány…')).toBeNull();

    // Checking again waits as long again, and then says the same.
    // The button is busy while the last read of the wait is still on its way: a click then does nothing.
    const checkAgain = screen.getByRole('button', { name: 'Zkontrolovat znovu' });
    await waitFor(() => expect(checkAgain.hasAttribute('disabled')).toBe(false), slow);
    fireEvent.click(checkAgain);
    await screen.findByText('Čekáme na potvrzení platby od platební brány…', {}, slow);
    await screen.findByText(stillWaiting, {}, slow);
    screen.getByRole('button', { name: 'Nastavit měsíční platbu' });
  });
});
