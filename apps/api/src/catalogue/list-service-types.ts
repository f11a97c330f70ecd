import type { ServiceTaxonomy } from '@opora/contracts';
import { type Db, serviceCategories, serviceTypes } from '@opora/db';
import { asc } from 'drizzle-orm';

/** `GET /service-types`: categories and types in their reference order; the UI translates the codes. */
export async function listServiceTypes(db: Db): Promise<ServiceTaxonomy> {
  const [categories, types] = await Promise.all([
    db
      .select({ id: serviceCategories.id, code: serviceCategories.code })
      .from(serviceCategories)
      .orderBy(asc(serviceCategories.sortOrder), asc(serviceCategories.code)),
    db
      .select({
        id: serviceTypes.id,
        code: serviceTypes.code,
        form: serviceTypes.form,
        serviceCategoryId: serviceTypes.categoryId,
      })
      .from(serviceTypes)
      .orderBy(asc(serviceTypes.sortOrder), asc(serviceTypes.code)),
  ]);
  return {
    categories: categories as ServiceTaxonomy['categories'],
    serviceTypes: types as ServiceTaxonomy['serviceTypes'],
  };
}
