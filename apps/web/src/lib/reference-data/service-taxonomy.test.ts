import type { ServiceTaxonomy } from '@opora/contracts';
import { beforeAll, expect, it } from 'vitest';
import { i18n, initI18n, loadNamespaces } from '@/lib/i18n/i18n.ts';
import { addTaxonomyNames } from './service-taxonomy.ts';

const categoryId = '0d1f0c3e-2a53-4a4c-9d7e-1f1e0a1b2c3d';
const taxonomy = {
  categories: [
    {
      id: categoryId,
      code: 'social',
      names: { cs: 'Sociální služby', en: 'Social services', sk: 'Sociálne služby' },
    },
  ],
  serviceTypes: [
    {
      id: '1d1f0c3e-2a53-4a4c-9d7e-1f1e0a1b2c3d',
      code: 'staff-added-type',
      form: 'field',
      serviceCategoryId: categoryId,
      names: { cs: 'Typ přidaný týmem', en: 'Type added by staff', sk: 'Typ pridaný tímom' },
      retired: false,
    },
  ],
} as unknown as ServiceTaxonomy;

/** Keys only known at run time: a staff-added type is the point of this test. */
const translate = (key: string, lng: string) =>
  (i18n.t as unknown as (k: string, o: object) => string)(key, { lng });

beforeAll(async () => {
  if (!i18n.isInitialized) await initI18n('cs');
  await loadNamespaces(['catalogue']);
});

it('names a staff-added type in the loaded languages, and in another only once its file has loaded', async () => {
  // Slovak's catalogue as if never loaded yet (another file of this worker may have loaded it).
  i18n.removeResourceBundle('sk', 'catalogue');
  addTaxonomyNames(taxonomy);
  expect(translate('catalogue:serviceTypes.staff-added-type', 'cs')).toBe('Typ přidaný týmem');
  // Names alone would make i18next take Slovak's catalogue as loaded and never fetch its file.
  expect(i18n.hasResourceBundle('sk', 'catalogue')).toBe(false);

  await i18n.reloadResources(['sk'], ['catalogue']);
  expect(translate('catalogue:forms.field', 'sk')).not.toBe('forms.field');
  expect(translate('catalogue:serviceTypes.staff-added-type', 'sk')).toBe('Typ pridaný tímom');
});
