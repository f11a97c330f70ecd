import { fullName, type StaffAction, type StaffAuditRecordType } from '@opora/contracts';
import { type DbExecutor, staffAuditLog, users } from '@opora/db';
import { eq } from 'drizzle-orm';
import type { Principal } from '../platform/auth.ts';

/** A staff member acting: who they are now (their name is copied into the log and into decisions). */
export interface StaffActor {
  userId: string;
  email: string;
  name: string;
}

/** The caller as the log names them: their account's name, else their e-mail. */
export async function staffActor(db: DbExecutor, principal: Principal): Promise<StaffActor> {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, principal.userId));
  const email = row?.email ?? principal.email;
  return { userId: principal.userId, email, name: (row && fullName(row)) || email };
}

export interface StaffActionEntry {
  action: StaffAction;
  recordType: StaffAuditRecordType;
  recordId: string;
  recordLabel: string;
  reason?: string | null;
  details?: Record<string, unknown>;
}

/**
 * Writes what a staff member did to the append-only audit log (decision 0122). Call it with the
 * action's own transaction: the entry exists exactly when the action does.
 */
export async function recordStaffAction(tx: DbExecutor, actor: StaffActor, entry: StaffActionEntry) {
  await tx.insert(staffAuditLog).values({
    actorUserId: actor.userId,
    actorName: actor.name,
    actorEmail: actor.email,
    action: entry.action,
    recordType: entry.recordType,
    recordId: entry.recordId,
    recordLabel: entry.recordLabel,
    reason: entry.reason ?? null,
    details: entry.details ?? null,
  });
}
