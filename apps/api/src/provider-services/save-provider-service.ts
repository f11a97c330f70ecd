import {
  createErrorDetail,
  type ErrorDetail,
  type ProviderService,
  type ProviderServiceValues,
} from '@opora/contracts';
import {
  counties,
  type DbExecutor,
  facilities,
  facilityServiceCounties,
  facilityServices,
  priceColumns,
  serviceTypes,
} from '@opora/db';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { FieldValidationError } from '../platform/errors.ts';
import { optimisticUpdate } from '../platform/optimistic-update.ts';
import type { ProviderScope } from '../platform/provider-scope.ts';
import { readProviderService } from './provider-service-rows.ts';

/**
 * What a service's form refers to, checked against the provider's facilities and the taxonomy. A
 * retired type (decision 0131) is refused unless the service already has it (`currentTypeId`).
 */
async function resolveReferences(
  tx: DbExecutor,
  providerId: string,
  input: ProviderServiceValues,
  currentTypeId?: string,
) {
  const problems: ErrorDetail[] = [];
  const [facility] = await tx
    .select({ id: facilities.id })
    .from(facilities)
    .where(and(eq(facilities.id, input.facilityId), eq(facilities.providerId, providerId)));
  if (!facility) problems.push(createErrorDetail('facilityId', 'invalidOption'));
  const [type] = await tx
    .select({ id: serviceTypes.id, categoryId: serviceTypes.categoryId, form: serviceTypes.form })
    .from(serviceTypes)
    .where(
      and(
        eq(serviceTypes.id, input.serviceTypeId),
        currentTypeId === input.serviceTypeId ? undefined : isNull(serviceTypes.retiredAt),
      ),
    );
  if (!type) problems.push(createErrorDetail('serviceTypeId', 'invalidOption'));
  const countyCodes = [...new Set(input.countyCodes)];
  const known = await tx
    .select({ code: counties.code })
    .from(counties)
    .where(inArray(counties.code, countyCodes));
  if (known.length !== countyCodes.length) problems.push(createErrorDetail('countyCodes', 'invalidOption'));
  if (problems.length > 0 || !type) throw new FieldValidationError(problems);
  return { type, countyCodes };
}

function serviceColumns(
  input: ProviderServiceValues,
  type: { categoryId: string; form: ProviderService['form'] },
) {
  return {
    facilityId: input.facilityId,
    serviceTypeId: input.serviceTypeId,
    serviceCategoryId: type.categoryId,
    name: input.name,
    form: input.form ?? type.form,
    description: input.description ?? null,
    place: input.place ?? null,
    registerNumber: input.registerNumber ?? null,
    url: input.url ?? null,
    individualPrice: input.individualPrice,
    ...priceColumns(input.price ?? null),
  };
}

async function replaceCounties(tx: DbExecutor, serviceId: string, countyCodes: string[]) {
  await tx.delete(facilityServiceCounties).where(eq(facilityServiceCounties.facilityServiceId, serviceId));
  await tx
    .insert(facilityServiceCounties)
    .values(countyCodes.map((countyCode) => ({ countyCode, facilityServiceId: serviceId })));
}

/** `POST …/services`: a new service of one of the provider's facilities, as a draft. */
export async function createProviderService(
  db: DbExecutor,
  scope: ProviderScope,
  input: ProviderServiceValues,
): Promise<ProviderService> {
  const serviceId = await db.transaction(async (tx) => {
    const { type, countyCodes } = await resolveReferences(tx, scope.providerId, input);
    const [row] = await tx
      .insert(facilityServices)
      .values({ providerId: scope.providerId, status: 'draft', ...serviceColumns(input, type) })
      .returning({ id: facilityServices.id });
    if (!row) throw new Error('Insert returned no service');
    await replaceCounties(tx, row.id, countyCodes);
    return row.id;
  });
  return readProviderService(db, scope.providerId, serviceId);
}

/**
 * `PUT …/services/{id}`: the form saved on `revision`. Written only while the stored revision is
 * still that one (else 409 `RecordChangedByAnother` with the record as it is now); an active service
 * must stay complete (409 `ServiceIncomplete`). The catalogue follows through its triggers (decision
 * 0107).
 */
export async function updateProviderService(
  db: DbExecutor,
  scope: ProviderScope,
  serviceId: string,
  input: ProviderServiceValues,
  revision: number,
): Promise<ProviderService> {
  return db.transaction(async (tx) => {
    // 404 before anything else: another provider's service is not there.
    const current = await readProviderService(tx, scope.providerId, serviceId);
    const { type, countyCodes } = await resolveReferences(
      tx,
      scope.providerId,
      input,
      current.serviceType.id,
    );
    await optimisticUpdate(
      async () => {
        const written = await tx
          .update(facilityServices)
          .set({
            ...serviceColumns(input, type),
            revision: sql`${facilityServices.revision} + 1`,
            updatedAt: sql`now()`,
          })
          .where(
            and(
              eq(facilityServices.id, serviceId),
              eq(facilityServices.providerId, scope.providerId),
              eq(facilityServices.revision, revision),
            ),
          )
          .returning({ id: facilityServices.id });
        return written.length === 1;
      },
      // In the transaction, not on another connection: a burst larger than the pool would wait on
      // itself. Read committed: this statement sees the save that won.
      () => readProviderService(tx, scope.providerId, serviceId),
    );
    await replaceCounties(tx, serviceId, countyCodes);
    const saved = await readProviderService(tx, scope.providerId, serviceId);
    if (saved.status === 'active' && saved.missingForActivation.length > 0) {
      throw new FieldValidationError(
        saved.missingForActivation.map((missing) => createErrorDetail(missing, 'ServiceIncomplete')),
        'ServiceIncomplete',
        'An active service must stay complete; deactivate it first.',
      );
    }
    return saved;
  });
}
