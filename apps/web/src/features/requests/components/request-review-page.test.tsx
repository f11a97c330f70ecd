import { paths } from '@opora/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { retryAfterOutage, slow, useRealApi } from '@/testing/real-api.tsx';
import { RequestReviewPage } from './request-review-page.tsx';

const api = useRealApi();
const route = {
  path: paths.dashboardRequestReview.path,
  namespaces: ['requests', 'enums', 'catalogue', 'surveys', 'validation', 'errors'],
};

async function openReview(caseId: string, serviceId: string) {
  return api.renderPage(<RequestReviewPage />, {
    ...route,
    url: paths.dashboardRequestReview.getHref({ caseId, serviceId }),
  });
}

describe('request review page against the real API', { timeout: 60_000 }, () => {
  it('shows the loading state, then the request to check and send', async () => {
    const carer = await api.seed('account', { subscribed: true });
    const { caseId, serviceId, serviceName } = await api.seed('caseAndService', {
      ownerUserId: carer.userId,
    });
    await api.signIn(carer);
    await openReview(caseId, serviceId);

    screen.getByText('Načítáme poptávku…');
    await screen.findByRole('heading', { level: 1, name: 'Zkontrolujte a odešlete poptávku' }, slow);
    expect(screen.getAllByText(serviceName).length).toBeGreaterThan(0);
    screen.getByRole('link', { name: /Zpět na službu/ });
  });

  it('asks for a subscription first: the way to choose one at the client', async () => {
    const carer = await api.seed('account', {});
    const { caseId, clientId, serviceId } = await api.seed('caseAndService', { ownerUserId: carer.userId });
    await api.signIn(carer);
    await openReview(caseId, serviceId);

    await screen.findByRole('heading', { name: 'K posílání poptávek potřebujete předplatné' }, slow);
    const choose = await screen.findByRole('link', { name: 'Vybrat předplatné' }, slow);
    expect(choose.getAttribute('href')).toBe(paths.dashboardClient.getHref({ id: clientId }));
  });

  it('does not open another carer’s case: the not-found state', async () => {
    const owner = await api.seed('account', { subscribed: true });
    const { caseId, serviceId } = await api.seed('caseAndService', { ownerUserId: owner.userId });
    const stranger = await api.seed('account', { subscribed: true });
    await api.signIn(stranger);
    await openReview(caseId, serviceId);

    await screen.findByRole('heading', { name: 'Službu nebo potřebu péče jsme nenašli' }, slow);
    expect(screen.getByRole('link', { name: 'Na přehled' }).getAttribute('href')).toBe(
      paths.dashboard.getHref(),
    );
  });

  it('shows the error state while the draft cannot be opened, and the review after a retry', async () => {
    const carer = await api.seed('account', { subscribed: true });
    const { caseId, serviceId } = await api.seed('caseAndService', { ownerUserId: carer.userId });
    await api.signIn(carer);
    api.setOutage(/\/request-drafts\//);
    await openReview(caseId, serviceId);

    await retryAfterOutage(api, 'Poptávku se nepodařilo načíst');
    await screen.findByRole('heading', { level: 1, name: 'Zkontrolujte a odešlete poptávku' }, slow);
  });
});
