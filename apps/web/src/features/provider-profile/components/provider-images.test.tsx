import { paths } from '@opora/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { slow, useRealApi } from '@/testing/real-api.tsx';
import { FacilityPage } from './facility-page.tsx';
import { ProviderProfilePage } from './provider-profile-page.tsx';

// The logo in the profile's Provider information tab and the photos in a facility's Facility
// information tab (SPEC §2), against the real API.
const api = useRealApi();
const namespaces = ['provider', 'enums', 'catalogue', 'errors', 'provider-profile', 'clients', 'validation'];
const route = {
  path: paths.providerProfile.path,
  url: paths.providerProfile.getHref(),
  namespaces: [...namespaces, 'provider-images'],
};
const facilityRoute = (facilityId: string) => ({
  path: paths.providerFacility.path,
  url: paths.providerFacility.getHref({ facilityId }, { tab: 'details' }),
  namespaces: [...namespaces, 'provider-images'],
});

/** A 64 × 64 PNG: the smallest logo the upload takes. */
const logoPng = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAAT0lEQVR42u3PQQkAAAgEsOtjNcMZ0Qi+hcEKLNXzWgQEBAQEBAQEBAQEBAQEBAQE' +
      'BAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQELgvFPnEtVGJWMgAAAABJRU5ErkJggg==',
  ),
  (character) => character.charCodeAt(0),
);

function fileInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

describe('logo and photos in the provider profile against the real API', { timeout: 60_000 }, () => {
  it('uploads a logo: the preview goes through the image proxy with its box set', async () => {
    const admin = await api.seed('providerMember', { roles: ['providerAdmin'] });
    await api.signIn(admin);
    await api.renderPage(<ProviderProfilePage />, route);

    await screen.findByText('Zatím bez loga', {}, slow);
    fireEvent.change(fileInput(), {
      target: { files: [new File([logoPng], 'logo.jpg', { type: 'image/png' })] },
    });
    const preview = await screen.findByRole(
      'img',
      { name: `Logo poskytovatele ${admin.providerName}` },
      slow,
    );
    expect(preview.getAttribute('src')).toMatch(
      /^\/api\/v1\/images\?url=%2Fapi%2Fv1%2Fimages%2Fstored%2F[0-9a-f]{64}&/,
    );
    expect(preview.getAttribute('width')).toBe('160');
    expect(preview.getAttribute('height')).toBe('160');
    await screen.findByRole('button', { name: 'Nahradit logo' }, slow);
  });

  it('shows the server’s refusal beside the field when the file is not an image', async () => {
    const admin = await api.seed('providerMember', { roles: ['providerAdmin'] });
    await api.signIn(admin);
    await api.renderPage(<ProviderProfilePage />, route);

    await screen.findByText('Zatím bez loga', {}, slow);
    fireEvent.change(fileInput(), {
      target: {
        files: [new File(['<svg><script>alert(1)</script></svg>'], 'logo.png', { type: 'image/png' })],
      },
    });
    const alert = await screen.findByRole('alert', {}, slow);
    expect(alert.textContent).toBe('Tento soubor není obrázek ve formátu JPEG, PNG, WebP ani AVIF.');
    screen.getByText('Zatím bez loga');
  });

  it('lets a worker see the images but change nothing', async () => {
    const worker = await api.seed('providerMember', { roles: ['providerUser'] });
    await api.signIn(worker);
    await api.renderPage(<ProviderProfilePage />, route);

    await screen.findByText('Logo může měnit administrátor poskytovatele.', {}, slow);
    expect(document.querySelector('input[type="file"]')).toBeNull();
  });

  it('shows the facility’s photos section beside its information form, for a coordinator to add to', async () => {
    const coordinator = await api.seed('providerMember', { roles: ['providerCoordinator'] });
    if (!coordinator.facilityId) throw new Error('the seed made no facility');
    await api.signIn(coordinator);
    await api.renderPage(<FacilityPage servicesTab={() => null} />, facilityRoute(coordinator.facilityId));

    await screen.findByRole('heading', { name: 'Fotografie zařízení' }, slow);
    screen.getByText('Zařízení zatím nemá žádné fotografie.');
    screen.getByRole('button', { name: 'Přidat fotografie' });
    // The form stays a form of its own: the photos are not among its fields.
    const form = screen.getByRole('form');
    expect(form.contains(fileInput())).toBe(false);
  });
});
