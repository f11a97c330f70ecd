import type { ServiceDetail } from '@opora/contracts';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n, loadNamespaces } from '@/lib/i18n/i18n.ts';
import { renderWithApp } from '@/testing/render.tsx';
import { Detail } from './service-detail-page.tsx';

// What carers read of Opora's check on a service's detail (issue 25 §1), in each of its states.

function serviceDetail({
  registerNumber = null,
  provider = {},
}: {
  registerNumber?: string | null;
  provider?: Partial<ServiceDetail['provider']>;
}): ServiceDetail {
  return {
    id: '6d1f0c3e-2a53-4a4c-9d7e-1f1e0a1b2c3d',
    name: 'Pečovatelská služba Lípa',
    price: null,
    place: null,
    facility: {
      id: '7d1f0c3e-2a53-4a4c-9d7e-1f1e0a1b2c3d',
      name: 'Lípa Brno-střed',
      address: null,
      county: null,
      type: null,
      web: null,
      description: null,
      contacts: [],
    },
    provider: {
      id: '8d1f0c3e-2a53-4a4c-9d7e-1f1e0a1b2c3d',
      name: 'Domácí péče Lípa Brno, s. r. o.',
      verified: true,
      // 23:30 UTC on 11 March is already 12 March in Prague.
      verifiedAt: '2026-03-11T23:30:00.000Z',
      verificationLapsedAt: null,
      country: 'CZ',
      listingConfirmedAt: '2026-11-01T08:00:00.000Z',
      listingPossiblyOutdated: false,
      logo: null,
      address: null,
      identificationCode: '99901033',
      contactPhone: null,
      contactEmail: null,
      url: null,
      description: null,
      logoUrl: null,
      contacts: [],
      ...provider,
    },
    serviceType: { id: '9d1f0c3e-2a53-4a4c-9d7e-1f1e0a1b2c3d', code: 'home-care-service', form: 'field' },
    form: 'field',
    serviceCategory: { id: 'ad1f0c3e-2a53-4a4c-9d7e-1f1e0a1b2c3d', code: 'social' },
    flags: { alreadyRequested: false, sponsored: false, verified: true },
    capacity: { status: 'unknown', freePlaces: null, waitingWeeks: null, confirmedAt: null },
    description: null,
    registerNumber,
    url: null,
    counties: [],
    region: null,
  };
}

async function renderDetail(service: ServiceDetail) {
  await renderWithApp(
    <MemoryRouter>
      <Detail service={service} />
    </MemoryRouter>,
  );
}

beforeAll(async () => {
  if (!i18n.isInitialized) await initI18n('cs');
  await loadNamespaces(['catalogue', 'provider-services']);
});

describe('Opora’s check on a service’s detail', () => {
  it('names the register number and the day of the check, with the register to look it up in', async () => {
    await renderDetail(serviceDetail({ registerNumber: '1234567' }));
    screen.getByText('Registrovaná sociální služba č. 1234567 — ověřeno Oporou 12. 03. 2026');
    const register = screen.getByRole('link', {
      name: /^Vyhledat identifikátor 1234567 v Registru poskytovatelů sociálních služeb/,
    });
    expect(register.getAttribute('href')).toBe('https://iregistr.mpsv.cz/');
    // The line replaces the bare badge; requests go through as before.
    expect(screen.queryByText('Ověřený poskytovatel')).toBeNull();
    screen.getByRole('link', { name: 'Poptat službu' });
  });

  it('names the provider alone without a register number, and a Slovak one’s business register', async () => {
    await renderDetail(serviceDetail({ provider: { country: 'SK', identificationCode: '99901041' } }));
    screen.getByText('Poskytovatel ověřen Oporou 12. 03. 2026');
    const register = screen.getByRole('link', { name: /^Vyhledat IČO 99901041 ve slovenském Registru/ });
    expect(register.getAttribute('href')).toBe('https://rpo.statistics.sk/');
  });

  it('says when the check ran out and disables the request with the reason', async () => {
    await renderDetail(
      serviceDetail({
        registerNumber: '1234567',
        provider: { verified: false, verifiedAt: null, verificationLapsedAt: '2026-04-01T22:00:00.000Z' },
      }),
    );
    screen.getByText('Ověření Oporou vypršelo 02. 04. 2026');
    expect(screen.queryByText(/ověřeno Oporou/)).toBeNull();
    expect(screen.queryByText('Ověřený poskytovatel')).toBeNull();
    const card = screen.getByRole('complementary', { name: 'Máte o službu zájem?' });
    const button = within(card).getByRole('button', { name: 'Poptat službu' });
    expect(button.hasAttribute('disabled')).toBe(true);
    const reason = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent?.replace(/\s+/g, ' ')).toContain(
      'ověření poskytovatele vypršelo 02. 04. 2026',
    );
  });

  it('leaves a provider never verified as it was: no line, no request button', async () => {
    await renderDetail(serviceDetail({ provider: { verified: false, verifiedAt: null } }));
    expect(screen.queryByText(/Oporou/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Poptat službu' })).toBeNull();
    screen.getByText(/Poptávku přes Oporu lze poslat jen ověřeným poskytovatelům/);
  });
});
