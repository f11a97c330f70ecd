import { type StaffAuditList, type StaffAuditQuery, StaffAuditQuerySchema } from '@opora/contracts';
import { type DbExecutor, staffAuditLog } from '@opora/db';
import { and, desc, eq, ilike, lt, or, type SQL } from 'drizzle-orm';
import { escapeLike } from '../platform/like-pattern.ts';

/**
 * `GET /api/v1/admin/audit` (decision 0122): the log newest first, filtered by action, record and
 * free text (actor's name or e-mail, record's label), a page at a time from `before`.
 */
export async function listStaffAudit(db: DbExecutor, query: StaffAuditQuery): Promise<StaffAuditList> {
  const filters = StaffAuditQuerySchema.parse(query);
  const conditions: (SQL | undefined)[] = [
    filters.action ? eq(staffAuditLog.action, filters.action) : undefined,
    filters.recordType ? eq(staffAuditLog.recordType, filters.recordType) : undefined,
    filters.recordId ? eq(staffAuditLog.recordId, filters.recordId) : undefined,
    filters.before ? lt(staffAuditLog.id, BigInt(filters.before)) : undefined,
  ];
  if (filters.q) {
    const pattern = `%${escapeLike(filters.q)}%`;
    conditions.push(
      or(
        ilike(staffAuditLog.actorName, pattern),
        ilike(staffAuditLog.actorEmail, pattern),
        ilike(staffAuditLog.recordLabel, pattern),
      ),
    );
  }
  const rows = await db
    .select()
    .from(staffAuditLog)
    .where(and(...conditions))
    .orderBy(desc(staffAuditLog.id))
    .limit(filters.limit + 1);
  const page = rows.slice(0, filters.limit);
  return {
    items: page.map((row) => ({
      id: row.id.toString(),
      at: row.at.toISOString(),
      actor: { id: row.actorUserId, name: row.actorName, email: row.actorEmail },
      action: row.action,
      recordType: row.recordType,
      recordId: row.recordId,
      recordLabel: row.recordLabel,
      reason: row.reason,
    })),
    nextBefore: rows.length > filters.limit ? (page.at(-1)?.id.toString() ?? null) : null,
  };
}
