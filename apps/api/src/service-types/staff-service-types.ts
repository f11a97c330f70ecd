import {
  type AdminServiceCategory,
  type AdminServiceTaxonomy,
  type AdminServiceType,
  createErrorDetail,
  locales,
  type ServiceCategoryUpdate,
  type ServiceTypeCreate,
  type ServiceTypeUpdate,
} from '@opora/contracts';
import {
  type Db,
  type DbExecutor,
  facilityServices,
  postgresErrorCodes,
  postgresErrorOf,
  serviceCategories,
  serviceTypes,
} from '@opora/db';
import { asc, count, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../platform/auth.ts';
import { AppError, FieldValidationError, NotFoundError, RecordChangedError } from '../platform/errors.ts';
import { updateAtRevision } from '../platform/optimistic-update.ts';
import { recordStaffAction, staffActor } from '../staff-audit/record-staff-action.ts';

// Service types and categories in the staff console (issue 25 §4, decision 0131). Every write changes
// `service_types`, whose statement trigger notifies `catalogue_changed` with the bare table name: each
// API process clears its whole catalogue cache at commit, so the next request reads the change.

type TypeRow = typeof serviceTypes.$inferSelect;

const usage = (db: DbExecutor) =>
  db
    .select({ serviceTypeId: facilityServices.serviceTypeId, total: count().as('total') })
    .from(facilityServices)
    .groupBy(facilityServices.serviceTypeId)
    .as('usage');

function toAdminServiceType(row: TypeRow, servicesCount: number): AdminServiceType {
  return {
    id: row.id,
    code: row.code as AdminServiceType['code'],
    serviceCategoryId: row.categoryId,
    form: row.form,
    legalReference: row.legalReference,
    sortOrder: row.sortOrder,
    names: row.names,
    retiredAt: row.retiredAt?.toISOString() ?? null,
    servicesCount,
    revision: row.revision,
  };
}

function toAdminServiceCategory(
  row: typeof serviceCategories.$inferSelect,
  servicesCount: number,
): AdminServiceCategory {
  return {
    id: row.id,
    code: row.code as AdminServiceCategory['code'],
    sortOrder: row.sortOrder,
    names: row.names,
    servicesCount,
  };
}

/** `GET /api/v1/admin/service-types`: every category and type (retired ones too) with their usage. */
export async function listAdminServiceTypes(db: Db): Promise<AdminServiceTaxonomy> {
  const used = usage(db);
  const [categories, categoryUsage, types] = await Promise.all([
    db
      .select()
      .from(serviceCategories)
      .orderBy(asc(serviceCategories.sortOrder), asc(serviceCategories.code)),
    db
      .select({ categoryId: facilityServices.serviceCategoryId, total: count() })
      .from(facilityServices)
      .groupBy(facilityServices.serviceCategoryId),
    db
      .select({ type: serviceTypes, total: used.total })
      .from(serviceTypes)
      .leftJoin(used, eq(used.serviceTypeId, serviceTypes.id))
      .orderBy(asc(serviceTypes.sortOrder), asc(serviceTypes.code)),
  ]);
  const byCategory = new Map(categoryUsage.map((row) => [row.categoryId, Number(row.total)]));
  return {
    categories: categories.map((row) => toAdminServiceCategory(row, byCategory.get(row.id) ?? 0)),
    serviceTypes: types.map((row) => toAdminServiceType(row.type, Number(row.total ?? 0))),
  };
}

/** One type as the console shows it, or undefined when there is none. */
async function findAdminServiceType(db: DbExecutor, id: string): Promise<AdminServiceType | undefined> {
  const [row] = await db.select().from(serviceTypes).where(eq(serviceTypes.id, id));
  if (!row) return undefined;
  const [used] = await db
    .select({ total: count() })
    .from(facilityServices)
    .where(eq(facilityServices.serviceTypeId, id));
  return toAdminServiceType(row, Number(used?.total ?? 0));
}

async function readAdminServiceType(db: DbExecutor, id: string): Promise<AdminServiceType> {
  const found = await findAdminServiceType(db, id);
  if (!found) throw new NotFoundError();
  return found;
}

/** `POST /api/v1/admin/service-types`: a new type, offered to providers at once. */
export async function createServiceType(
  db: Db,
  principal: Principal,
  input: ServiceTypeCreate,
): Promise<AdminServiceType> {
  const actor = await staffActor(db, principal);
  try {
    return await db.transaction(async (tx) => {
      const [category] = await tx
        .select({ id: serviceCategories.id })
        .from(serviceCategories)
        .where(eq(serviceCategories.id, input.serviceCategoryId));
      if (!category) {
        throw new FieldValidationError([createErrorDetail('serviceCategoryId', 'invalidOption')]);
      }
      // A new type goes last unless told otherwise.
      const [last] = await tx
        .select({ sortOrder: sql<number>`coalesce(max(${serviceTypes.sortOrder}), 0)` })
        .from(serviceTypes);
      const [row] = await tx
        .insert(serviceTypes)
        .values({
          code: input.code,
          categoryId: category.id,
          form: input.form,
          legalReference: input.legalReference ?? null,
          sortOrder: input.sortOrder ?? Number(last?.sortOrder ?? 0) + 10,
          names: input.names,
        })
        .returning();
      if (!row) throw new Error('Insert returned no service type');
      await recordStaffAction(tx, actor, {
        action: 'service-type-created',
        recordType: 'service-type',
        recordId: row.id,
        recordLabel: row.code,
        details: { names: row.names, form: row.form },
      });
      return toAdminServiceType(row, 0);
    });
  } catch (error) {
    const failure = postgresErrorOf(error);
    if (
      failure?.code === postgresErrorCodes.uniqueViolation &&
      failure.constraint === 'service_types_code_unique'
    ) {
      throw new FieldValidationError([createErrorDetail('code', 'NotUniqueValidator')], 'NotUniqueValidator');
    }
    throw error;
  }
}

/**
 * One edit on the revision the administrator read: exactly one of two saves from the same revision
 * wins, the other gets 409 `RecordChangedByAnother` with the type as it is now.
 */
async function changeServiceType(
  db: Db,
  principal: Principal,
  id: string,
  revision: number,
  values: Partial<Pick<TypeRow, 'names' | 'legalReference' | 'sortOrder'>> & { retiredAt?: SQL | null },
  action: 'service-type-updated' | 'service-type-retired' | 'service-type-unretired',
  condition?: SQL,
): Promise<AdminServiceType> {
  const actor = await staffActor(db, principal);
  return db.transaction(async (tx) => {
    const before = await readAdminServiceType(tx, id);
    const row = await updateAtRevision(tx, serviceTypes, values, {
      id,
      revision,
      scope: condition,
      current: () => findAdminServiceType(tx, id),
    });
    await recordStaffAction(tx, actor, {
      action,
      recordType: 'service-type',
      recordId: row.id,
      recordLabel: row.code,
      ...(action === 'service-type-updated' && {
        details: {
          before: { names: before.names, legalReference: before.legalReference, sortOrder: before.sortOrder },
          after: { names: row.names, legalReference: row.legalReference, sortOrder: row.sortOrder },
        },
      }),
    });
    return toAdminServiceType(row, before.servicesCount);
  });
}

/** `PUT /api/v1/admin/service-types/{id}`: names, legal reference and order (the code and category stay). */
export function updateServiceType(db: Db, principal: Principal, id: string, input: ServiceTypeUpdate) {
  return changeServiceType(
    db,
    principal,
    id,
    input.revision,
    { names: input.names, legalReference: input.legalReference ?? null, sortOrder: input.sortOrder },
    'service-type-updated',
  );
}

/** Retired: no longer offered for new services; services that have it keep it. Retiring again is a 409 (revision). */
export function retireServiceType(db: Db, principal: Principal, id: string, revision: number) {
  return changeServiceType(
    db,
    principal,
    id,
    revision,
    { retiredAt: sql`coalesce(${serviceTypes.retiredAt}, now())` },
    'service-type-retired',
    isNull(serviceTypes.retiredAt),
  );
}

export function unretireServiceType(db: Db, principal: Principal, id: string, revision: number) {
  return changeServiceType(
    db,
    principal,
    id,
    revision,
    { retiredAt: null },
    'service-type-unretired',
    isNotNull(serviceTypes.retiredAt),
  );
}

/**
 * `PUT /api/v1/admin/service-categories/{id}`: a category's names (its code and order stay).
 * `service_categories` has no revision (decision 0131): the row is locked (`for update`) and the save
 * refused with 409 `RecordChangedByAnother` and the category as it is now when its names are no longer
 * the ones the administrator read, so of two saves from the same names one wins. The change notifies
 * the catalogue cache through the table's own trigger (0022). The audit log has no category action or
 * record type (enums a migration would change): the entry is `service-type-updated` on record type
 * `service-type` with the category's id and code, marked by `details.category`.
 */
export async function updateServiceCategory(
  db: Db,
  principal: Principal,
  id: string,
  input: ServiceCategoryUpdate,
): Promise<AdminServiceCategory> {
  const actor = await staffActor(db, principal);
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(serviceCategories)
      .where(eq(serviceCategories.id, id))
      .for('update');
    if (!locked) throw new NotFoundError();
    const [used] = await tx
      .select({ total: count() })
      .from(facilityServices)
      .where(eq(facilityServices.serviceCategoryId, id));
    const servicesCount = Number(used?.total ?? 0);
    if (locales.some((locale) => locked.names[locale] !== input.previousNames[locale])) {
      throw new RecordChangedError(toAdminServiceCategory(locked, servicesCount));
    }
    const [row] = await tx
      .update(serviceCategories)
      .set({ names: input.names })
      .where(eq(serviceCategories.id, id))
      .returning();
    if (!row) throw new NotFoundError();
    await recordStaffAction(tx, actor, {
      action: 'service-type-updated',
      recordType: 'service-type',
      recordId: row.id,
      recordLabel: row.code,
      details: { category: row.code, before: { names: locked.names }, after: { names: row.names } },
    });
    return toAdminServiceCategory(row, servicesCount);
  });
}

/**
 * `DELETE /api/v1/admin/service-types/{id}`: only a type no service has; one in use answers 409
 * `ServiceTypeInUse` (retire it instead), as the foreign key from services decides.
 */
export async function deleteServiceType(db: Db, principal: Principal, id: string): Promise<void> {
  const actor = await staffActor(db, principal);
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .delete(serviceTypes)
        .where(eq(serviceTypes.id, id))
        .returning({ id: serviceTypes.id, code: serviceTypes.code, names: serviceTypes.names });
      if (!row) throw new NotFoundError();
      await recordStaffAction(tx, actor, {
        action: 'service-type-deleted',
        recordType: 'service-type',
        recordId: row.id,
        recordLabel: row.code,
        details: { names: row.names },
      });
    });
  } catch (error) {
    const failure = postgresErrorOf(error);
    if (
      failure?.code === postgresErrorCodes.restrictViolation ||
      failure?.code === postgresErrorCodes.foreignKeyViolation
    ) {
      throw new AppError(
        'ServiceTypeInUse',
        'Services use this service type: it cannot be deleted, only retired.',
        { cause: error },
      );
    }
    throw error;
  }
}
