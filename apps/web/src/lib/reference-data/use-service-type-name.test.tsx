import type { ServerResponse } from 'node:http';
import type { ServiceTaxonomy } from '@opora/contracts';
import { screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '@/lib/i18n/i18n.ts';
import { queryClient } from '@/lib/query-client.ts';
import { renderWithApp } from '@/testing/render.tsx';
import { type StandInServer, startStandInServer } from '@/testing/stand-in-server.ts';
import { useServiceTypeName } from './use-service-type-name.ts';

// A type a platform administrator added has its names only in the database (decision 0131): the hook
// names it from the taxonomy, fetched only when such a code is met.

const taxonomy: ServiceTaxonomy = {
  categories: [
    {
      id: '5e7a1c00-0000-4000-8000-000000000001',
      code: 'social',
      names: { cs: 'Sociální', en: 'Social', sk: 'Sociálne' },
    },
  ],
  serviceTypes: [
    {
      id: '5e7a1c00-0000-4000-8000-000000000002',
      code: 'garden-help' as ServiceTaxonomy['serviceTypes'][number]['code'],
      form: 'field',
      serviceCategoryId: '5e7a1c00-0000-4000-8000-000000000001',
      names: { cs: 'Pomoc na zahradě', en: 'Garden help', sk: 'Pomoc v záhrade' },
      retired: false,
    },
  ],
};

let server: StandInServer;
const requested: string[] = [];

beforeAll(async () => {
  if (!i18n.isInitialized) await initI18n('cs');
  await i18n.loadNamespaces(['catalogue']);
  server = await startStandInServer((request, response: ServerResponse) => {
    requested.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(taxonomy));
  });
});

afterAll(() => server.close());

afterEach(() => {
  requested.length = 0;
  queryClient.clear();
});

function Names({ codes }: { codes: string[] }) {
  const serviceTypeName = useServiceTypeName();
  return <p data-testid="names">{codes.map(serviceTypeName).join(' | ')}</p>;
}

describe('useServiceTypeName', () => {
  it('names a seeded type from the locale file without any request', async () => {
    await renderWithApp(<Names codes={['home-nursing']} />);
    expect(screen.getByTestId('names').textContent).toBe(i18n.t('catalogue:serviceTypes.home-nursing'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requested).toEqual([]);
  });

  it('names an added type from the taxonomy, showing its code (never a key) while it loads', async () => {
    await renderWithApp(<Names codes={['home-nursing', 'garden-help']} />);
    const names = screen.getByTestId('names');
    expect(names.textContent).not.toContain('serviceTypes.');
    expect(await screen.findByText(/Pomoc na zahradě/)).toBe(names);
    expect(requested).toEqual(['/api/v1/web/service-types']);
  });
});
