import { cases, type DbExecutor } from '@opora/db';
import { and, eq } from 'drizzle-orm';
import { NotFoundError } from '../platform/errors.ts';

export type OwnCase = typeof cases.$inferSelect;

/**
 * The caller's case, or 404 `NotFoundException` — another user's case answers exactly as a missing
 * one. Every case route (and the questionnaires of a case) reads its case through here. With
 * `forUpdate`, the row stays locked until the transaction ends (concurrent saves take turns).
 */
export async function findOwnCase(
  db: DbExecutor,
  userId: string,
  caseId: string,
  { forUpdate = false }: { forUpdate?: boolean } = {},
): Promise<OwnCase> {
  const query = db
    .select()
    .from(cases)
    .where(and(eq(cases.id, caseId), eq(cases.ownerUserId, userId)));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw new NotFoundError();
  return row;
}
