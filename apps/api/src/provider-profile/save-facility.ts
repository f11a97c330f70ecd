import type { FacilityDetails, FacilityDetailsUpdate, FacilityRecord } from '@opora/contracts';
import { type DbExecutor, facilities } from '@opora/db';
import { eq } from 'drizzle-orm';
import { updateAtRevision } from '../platform/optimistic-update.ts';
import type { ProviderScope } from '../platform/provider-scope.ts';
import { readFacilityRecord, requireAccess } from './provider-records.ts';

/** The facility's columns from its details; a facility "same as provider" gets its address from the provider. */
function facilityValues(input: FacilityDetails) {
  const own = input.sameAsProvider ? undefined : input.address;
  return {
    name: input.name,
    type: input.type ?? null,
    web: input.web ?? null,
    description: input.description ?? null,
    sameAsProvider: input.sameAsProvider,
    // Overwritten by the provider's address (trigger of migration 0018) when same as provider.
    street: own?.street ?? null,
    city: own?.city ?? null,
    zipcode: own?.zipcode ?? null,
    countyCode: own?.countyCode ?? null,
  };
}

async function saved(db: DbExecutor, providerId: string, facilityId: string): Promise<FacilityRecord> {
  const record = await readFacilityRecord(db, providerId, facilityId);
  if (!record) throw new Error('The facility vanished after its save.');
  return record;
}

/** Adds a facility to the provider (administrators). */
export async function createProviderFacility(
  db: DbExecutor,
  scope: ProviderScope,
  input: FacilityDetails,
): Promise<FacilityRecord> {
  requireAccess(scope, 'editProvider');
  const [row] = await db
    .insert(facilities)
    .values({ providerId: scope.providerId, ...facilityValues(input) })
    .returning({ id: facilities.id });
  if (!row) throw new Error('The facility was not inserted.');
  return saved(db, scope.providerId, row.id);
}

/** The Facility information tab's save (administrators), at the revision edited. */
export async function updateProviderFacility(
  db: DbExecutor,
  scope: ProviderScope,
  facilityId: string,
  input: FacilityDetailsUpdate,
): Promise<FacilityRecord> {
  requireAccess(scope, 'editProvider');
  await updateAtRevision(db, facilities, facilityValues(input), {
    id: facilityId,
    revision: input.revision,
    scope: eq(facilities.providerId, scope.providerId),
    current: () => readFacilityRecord(db, scope.providerId, facilityId),
  });
  return saved(db, scope.providerId, facilityId);
}
