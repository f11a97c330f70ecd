import type { ServiceTaxonomy } from '@opora/contracts';
import { type Db, facilityServices, serviceCategories, serviceTypes } from '@opora/db';
import { asc, exists, isNull, or, sql } from 'drizzle-orm';

/**
 * `GET /service-types`: categories and types in their reference order, with their names (decision
 * 0131). A retired type is listed only while a service still has it, marked `retired`: filters can
 * still find those services and their providers' forms still show it, but no new service picks it.
 */
export async function listServiceTypes(db: Db): Promise<ServiceTaxonomy> {
  const [categories, types] = await Promise.all([
    db
      .select({ id: serviceCategories.id, code: serviceCategories.code, names: serviceCategories.names })
      .from(serviceCategories)
      .orderBy(asc(serviceCategories.sortOrder), asc(serviceCategories.code)),
    db
      .select({
        id: serviceTypes.id,
        code: serviceTypes.code,
        form: serviceTypes.form,
        serviceCategoryId: serviceTypes.categoryId,
        names: serviceTypes.names,
        retired: sql<boolean>`${serviceTypes.retiredAt} is not null`,
      })
      .from(serviceTypes)
      .where(
        or(
          isNull(serviceTypes.retiredAt),
          exists(
            db
              .select({ one: sql`1` })
              .from(facilityServices)
              .where(sql`${facilityServices.serviceTypeId} = ${serviceTypes.id}`),
          ),
        ),
      )
      .orderBy(asc(serviceTypes.sortOrder), asc(serviceTypes.code)),
  ]);
  return {
    categories: categories as ServiceTaxonomy['categories'],
    serviceTypes: types as ServiceTaxonomy['serviceTypes'],
  };
}
