import { paths } from '@opora/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { slow, useRealApi } from '@/testing/real-api.tsx';
import { ProviderProfilePage } from './provider-profile-page.tsx';

// The profile's "Documents for verification" tab (decision 0130), against the real API.
const api = useRealApi();
const route = {
  path: paths.providerProfile.path,
  url: paths.providerProfile.getHref({}, { tab: 'documents' }),
  namespaces: [
    'provider',
    'enums',
    'catalogue',
    'errors',
    'provider-profile',
    'provider-images',
    'provider-documents',
    'clients',
    'validation',
  ],
};

function fileInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

describe('verification documents on the provider profile against the real API', { timeout: 60_000 }, () => {
  it('uploads a PDF and lists it with what it is', async () => {
    const admin = await api.seed('providerMember', { roles: ['providerAdmin'] });
    await api.signIn(admin);
    await api.renderPage(<ProviderProfilePage />, route);

    await screen.findByText('Zatím jste nenahráli žádný doklad.', {}, slow);
    fireEvent.change(fileInput(), {
      target: { files: [new File(['%PDF-1.4\n%%EOF\n'], 'registrace.pdf', { type: 'application/pdf' })] },
    });
    const item = (await screen.findByText('registrace.pdf', {}, slow)).closest('li');
    expect(item?.textContent).toContain('Rozhodnutí o registraci sociální služby');
    expect(item?.textContent).toContain('Celá organizace');
    screen.getByRole('button', { name: 'Odebrat registrace.pdf' });
  });

  it('shows the server’s refusal of a disguised file in words', async () => {
    const admin = await api.seed('providerMember', { roles: ['providerAdmin'] });
    await api.signIn(admin);
    await api.renderPage(<ProviderProfilePage />, route);

    await screen.findByText('Zatím jste nenahráli žádný doklad.', {}, slow);
    fireEvent.change(fileInput(), {
      target: {
        files: [new File(['MZ\u0090\u0090 not a pdf'], 'rozhodnuti.pdf', { type: 'application/pdf' })],
      },
    });
    const alert = await screen.findByRole('alert', {}, slow);
    expect(alert.textContent).toBe('Soubor rozhodnuti.pdf není PDF, JPEG ani PNG.');
  });

  it('lets a worker read the list but upload nothing', async () => {
    const worker = await api.seed('providerMember', { roles: ['providerUser'] });
    await api.signIn(worker);
    await api.renderPage(<ProviderProfilePage />, route);

    await screen.findByText('Doklady nahrávají a odebírají správci organizace.', {}, slow);
    expect(screen.queryByRole('button', { name: 'Vybrat soubor a nahrát' })).toBeNull();
  });
});
