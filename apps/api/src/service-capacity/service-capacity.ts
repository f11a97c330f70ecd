import {
  fullName,
  type ProviderCapacityUpdate,
  type ProviderServiceCapacity,
  type ProviderServiceCapacityList,
} from '@opora/contracts';
import type { Db, DbExecutor } from '@opora/db';
import { type SQL, sql } from 'drizzle-orm';
import { type CapacityColumns, capacityFreshSince, capacityStatusOf } from '../catalogue/service-rows.ts';
import { AppError, NotFoundError } from '../platform/errors.ts';
import { type ProviderScope, uuidArray } from '../platform/provider-scope.ts';

// Live capacity of a provider's services (issue 23 §4, docs/decisions/0103). Every provider user may
// update the capacity of the services in their scope: administrators and coordinators of every
// facility, a worker of their facilities'. Archived services have none to update.

/** The services (`fs`) whose capacity the caller may read and update: another provider's are not. */
export function capacityInScope(scope: ProviderScope): SQL {
  const ofProvider = sql`fs.provider_id = ${scope.providerId} and fs.status <> 'archive'`;
  if (scope.facilityIds === 'all') return ofProvider;
  if (scope.facilityIds.length === 0) return sql`false`;
  return sql`(${ofProvider} and fs.facility_id = any(${uuidArray(scope.facilityIds)}))`;
}

/** Whether the caller may update the capacity of a service of this facility. */
export function mayUpdateCapacityOf(scope: ProviderScope, facilityId: string): boolean {
  return scope.facilityIds === 'all' || scope.facilityIds.includes(facilityId);
}

type CapacityRow = CapacityColumns & {
  id: string;
  name: string;
  facility_id: string;
  facility_name: string;
  confirmed_by_first_name: string | null;
  confirmed_by_last_name: string | null;
  confirmed_by_email: string | null;
};

const selectCapacity = sql`
  select fs.id, fs.name, f.id as facility_id, f.name as facility_name,
    fs.accepting_clients, fs.free_places, fs.waiting_weeks, fs.capacity_confirmed_at,
    u.first_name as confirmed_by_first_name, u.last_name as confirmed_by_last_name,
    u.email as confirmed_by_email
  from facility_services fs
  join facilities f on f.id = fs.facility_id
  left join users u on u.id = fs.capacity_confirmed_by`;

function toCapacity(row: CapacityRow, now: Date): ProviderServiceCapacity {
  const confirmedAt = row.capacity_confirmed_at === null ? null : new Date(row.capacity_confirmed_at);
  const status = capacityStatusOf(row, now);
  const by = fullName({ firstName: row.confirmed_by_first_name, lastName: row.confirmed_by_last_name });
  return {
    serviceId: row.id,
    serviceName: row.name,
    facility: { id: row.facility_id, name: row.facility_name },
    acceptingClients: row.accepting_clients,
    freePlaces: row.free_places,
    waitingWeeks: row.waiting_weeks,
    confirmedAt: confirmedAt?.toISOString() ?? null,
    confirmedBy: by || row.confirmed_by_email || null,
    status,
    stale: confirmedAt === null || confirmedAt.getTime() < capacityFreshSince(now).getTime(),
  };
}

/** `GET …/capacity`: the stale first (never confirmed, then the oldest), then by facility and name. */
export async function listServiceCapacities(
  db: Db,
  scope: ProviderScope,
  now: Date,
): Promise<ProviderServiceCapacityList> {
  const { rows } = await db.execute<CapacityRow>(sql`${selectCapacity}
    where ${capacityInScope(scope)}
    order by (fs.capacity_confirmed_at is null or fs.capacity_confirmed_at < ${capacityFreshSince(now)}) desc,
      fs.capacity_confirmed_at asc nulls first, f.name collate "cs-x-icu", fs.name collate "cs-x-icu", fs.id`);
  return { items: rows.map((row) => toCapacity(row, now)) };
}

/** `GET …/services/{serviceId}/capacity`; 404 outside the caller's scope. */
export async function getServiceCapacity(
  db: DbExecutor,
  scope: ProviderScope,
  serviceId: string,
  now: Date,
): Promise<ProviderServiceCapacity> {
  const { rows } = await db.execute<CapacityRow>(sql`${selectCapacity}
    where fs.id = ${serviceId} and ${capacityInScope(scope)}`);
  const [row] = rows;
  if (!row) throw new NotFoundError();
  return toCapacity(row, now);
}

/** The columns an update sets besides the confirmation (`confirm` sets none). */
function changesOf(update: ProviderCapacityUpdate): SQL {
  switch (update.action) {
    case 'confirm':
      return sql``;
    case 'full':
      return sql`accepting_clients = false, free_places = 0,`;
    case 'set':
      return sql`accepting_clients = ${update.acceptingClients}, free_places = ${update.freePlaces},
        waiting_weeks = ${update.waitingWeeks},`;
  }
}

/**
 * Applies one click in one statement on the service's row (concurrent clicks take turns on its lock;
 * the last one wins whole) and renews the confirmation, even when nothing else changed. The
 * catalogue's triggers carry it to the public lists in the same statement. 404 outside the scope,
 * 409 `ServiceCapacityNotStated` for confirming a capacity never stated.
 */
export async function applyCapacityUpdate(
  tx: DbExecutor,
  scope: ProviderScope,
  serviceId: string,
  update: ProviderCapacityUpdate,
  now: Date,
): Promise<void> {
  const { rows } = await tx.execute<{ id: string }>(sql`
    update facility_services fs
    set ${changesOf(update)} capacity_confirmed_at = ${now}, capacity_confirmed_by = ${scope.userId},
      updated_at = now()
    where fs.id = ${serviceId} and ${capacityInScope(scope)}
      ${update.action === 'confirm' ? sql`and fs.accepting_clients is not null` : sql``}
    returning fs.id`);
  if (rows.length > 0) return;
  await getServiceCapacity(tx, scope, serviceId, now); // 404 when not in scope
  throw new AppError('ServiceCapacityNotStated', 'Nothing to confirm: the capacity was never stated.');
}

/** `POST …/services/{serviceId}/capacity`: the update, answered with the capacity as it now is. */
export async function updateServiceCapacity(
  db: Db,
  scope: ProviderScope,
  serviceId: string,
  update: ProviderCapacityUpdate,
  now: Date,
): Promise<ProviderServiceCapacity> {
  await applyCapacityUpdate(db, scope, serviceId, update, now);
  return getServiceCapacity(db, scope, serviceId, now);
}
