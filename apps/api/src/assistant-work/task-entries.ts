import type { AssistantTaskEntry } from '@opora/contracts';
import { createErrorDetail } from '@opora/contracts';
import { assistantTaskEntries, type DbExecutor, facilityServices, providers } from '@opora/db';
import { asc, eq } from 'drizzle-orm';
import { FieldValidationError } from '../platform/errors.ts';

type EntryRow = typeof assistantTaskEntries.$inferSelect;

export function toEntry(row: EntryRow): AssistantTaskEntry {
  return {
    id: row.id,
    kind: row.kind,
    at: row.createdAt.toISOString(),
    by: row.createdByName,
    service:
      row.facilityServiceId && row.serviceName
        ? { id: row.facilityServiceId, name: row.serviceName, providerName: row.providerName ?? '' }
        : null,
    outcome: row.outcome,
    note: row.note,
    followUpOn: row.followUpOn,
    careRequestId: row.careRequestId,
    releasedFrom: row.releasedFromName,
    assignedTo: row.assignedToName,
  };
}

/** A task's history, oldest first. */
export async function readEntries(db: DbExecutor, taskId: string): Promise<AssistantTaskEntry[]> {
  const rows = await db
    .select()
    .from(assistantTaskEntries)
    .where(eq(assistantTaskEntries.taskId, taskId))
    .orderBy(asc(assistantTaskEntries.createdAt), asc(assistantTaskEntries.id));
  return rows.map(toEntry);
}

/** A service and its provider's name as an entry copies them; 400 beside `serviceId` when there is none. */
export async function serviceNamed(tx: DbExecutor, serviceId: string) {
  const [service] = await tx
    .select({ id: facilityServices.id, name: facilityServices.name, providerName: providers.name })
    .from(facilityServices)
    .innerJoin(providers, eq(providers.id, facilityServices.providerId))
    .where(eq(facilityServices.id, serviceId));
  if (!service) throw new FieldValidationError([createErrorDetail('serviceId', 'invalidOption')]);
  return service;
}
