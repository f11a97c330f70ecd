import {
  createErrorDetail,
  isServiceStatusTransition,
  type ProviderService,
  type ProviderServiceStatusChange,
} from '@opora/contracts';
import { type Db, facilityServices } from '@opora/db';
import { and, eq, sql } from 'drizzle-orm';
import { AppError, FieldValidationError, RecordChangedError } from '../platform/errors.ts';
import type { ProviderScope } from '../platform/provider-scope.ts';
import { readProviderService } from './provider-service-rows.ts';

/**
 * `POST …/services/{id}/status`: activate, deactivate, archive or restore (decision 0101), on the
 * locked service. Asking for the status it already has answers it as it is (two people activating at
 * once get one activation); otherwise the revision must be the one the caller read (409
 * `RecordChangedByAnother`), the move allowed (409 `ServiceStatusChangeNotAllowed`) and, to activate,
 * the service complete (409 `ServiceIncomplete` naming what is missing). `listedChanged`: the
 * catalogue's answers must be cleared.
 */
export async function changeServiceStatus(
  db: Db,
  scope: ProviderScope,
  serviceId: string,
  input: ProviderServiceStatusChange,
): Promise<{ service: ProviderService; listedChanged: boolean }> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ status: facilityServices.status, revision: facilityServices.revision })
      .from(facilityServices)
      .where(and(eq(facilityServices.id, serviceId), eq(facilityServices.providerId, scope.providerId)))
      .for('update');
    const current = await readProviderService(tx, scope.providerId, serviceId);
    if (!locked || locked.status === input.status) return { service: current, listedChanged: false };
    if (locked.revision !== input.revision) throw new RecordChangedError(current);
    if (!isServiceStatusTransition(locked.status, input.status)) {
      throw new AppError(
        'ServiceStatusChangeNotAllowed',
        `A service cannot move from ${locked.status} to ${input.status}.`,
      );
    }
    if (input.status === 'active' && current.missingForActivation.length > 0) {
      throw new FieldValidationError(
        current.missingForActivation.map((missing) => createErrorDetail(missing, 'ServiceIncomplete')),
        'ServiceIncomplete',
        'The service lacks what activation needs.',
      );
    }
    await tx
      .update(facilityServices)
      .set({ status: input.status, revision: sql`${facilityServices.revision} + 1`, updatedAt: sql`now()` })
      .where(eq(facilityServices.id, serviceId));
    return {
      service: await readProviderService(tx, scope.providerId, serviceId),
      listedChanged: locked.status === 'active' || input.status === 'active',
    };
  });
}
