import type { AssistantOfferItem } from '@opora/contracts';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '@/lib/i18n/i18n.ts';
import { renderWithApp } from '@/testing/render.tsx';
import { ServiceOffer } from './service-offer.tsx';

const service = (id: string, name: string, rest: Partial<AssistantOfferItem>): AssistantOfferItem => ({
  id,
  name,
  price: null,
  place: null,
  facility: {
    id: '7a7e0a52-51f6-4c4e-8f43-0a3f3f0c0001',
    name: 'Pobočka Chodov',
    address: null,
    county: null,
  },
  provider: {
    id: '7a7e0a52-51f6-4c4e-8f43-0a3f3f0c0002',
    name: 'Diakonie Brno',
    verified: true,
    listingConfirmedAt: '2026-11-01T10:00:00.000Z',
    listingPossiblyOutdated: false,
    logo: null,
  },
  serviceType: { id: '7a7e0a52-51f6-4c4e-8f43-0a3f3f0c0003', code: 'home-care-service', form: 'field' },
  form: 'field',
  serviceCategory: { id: '7a7e0a52-51f6-4c4e-8f43-0a3f3f0c0004', code: 'social' },
  flags: { alreadyRequested: false, sponsored: false, verified: true },
  capacity: { status: 'unknown', freePlaces: null, waitingWeeks: null, confirmedAt: null },
  reasons: [],
  needsCarerQuestionnaire: false,
  phone: null,
  ...rest,
});

const withForm = service('11111111-1111-4111-8111-111111111111', 'Pečovatelská služba Chodov', {
  needsCarerQuestionnaire: true,
  phone: { number: '+420601123456', contactName: 'Jana Malá' },
});
const plain = service('22222222-2222-4222-8222-222222222222', 'Denní centrum Vršovice', {
  phone: { number: '+420222333444', contactName: null },
});
const noPhone = service('33333333-3333-4333-8333-333333333333', 'Odlehčovací služba', {});

describe('ServiceOffer', () => {
  beforeAll(async () => {
    if (!i18n.isInitialized) await initI18n('cs');
    await i18n.loadNamespaces(['admin-assistants', 'catalogue']);
  });

  it('marks a service with its own questionnaire and keeps its request for the carer, saying why', async () => {
    const onSendRequest = vi.fn();
    await renderWithApp(
      <ServiceOffer offer={[withForm, plain]} open onLogCall={vi.fn()} onSendRequest={onSendRequest} />,
    );
    const [chodov, vrsovice] = screen.getAllByRole('listitem');
    if (!chodov || !vrsovice) throw new Error('two services expected');
    within(chodov).getByText('Vyžaduje dotazník pečujícího');
    const send = within(chodov).getByRole('button', {
      name: 'Poslat poptávku za klienta: Diakonie Brno, Pečovatelská služba Chodov',
    });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    const reason = document.getElementById(send.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe(
      'Poptávku musí poslat pečující: služba má vlastní dotazník, který vyplní jen on.',
    );
    // The other service is requested as before.
    expect(within(vrsovice).queryByText('Vyžaduje dotazník pečujícího')).toBeNull();
    const other = within(vrsovice).getByRole('button', { name: /^Poslat poptávku za klienta/ });
    expect((other as HTMLButtonElement).disabled).toBe(false);
    expect(other.hasAttribute('aria-describedby')).toBe(false);
    other.click();
    expect(onSendRequest).toHaveBeenCalledWith(plain);
  });

  it('shows the provider’s public phone to dial, with the contact person when there is one', async () => {
    await renderWithApp(
      <ServiceOffer offer={[withForm, plain, noPhone]} open onLogCall={vi.fn()} onSendRequest={vi.fn()} />,
    );
    const [chodov, vrsovice, respite] = screen.getAllByRole('listitem');
    const dial = within(chodov as HTMLElement).getByRole('link', {
      name: 'Zavolat: Diakonie Brno, +420 601 123 456',
    });
    expect(dial.getAttribute('href')).toBe('tel:+420601123456');
    expect(chodov?.textContent).toContain('Telefon: +420 601 123 456 (Jana Malá)');
    expect(vrsovice?.textContent).toContain('Telefon: +420 222 333 444');
    expect(vrsovice?.textContent).toContain('Telefon: +420 222 333 444Kapacita');
    expect(respite?.textContent).toContain('Veřejný telefon neuveden');
  });

  it('offers no actions on a closed task, the questionnaire mark still shown', async () => {
    await renderWithApp(
      <ServiceOffer offer={[withForm]} open={false} onLogCall={vi.fn()} onSendRequest={vi.fn()} />,
    );
    screen.getByText('Vyžaduje dotazník pečujícího');
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByText(/Poptávku musí poslat pečující/)).toBeNull();
  });
});
