import type { Case, CaseCreateInput } from '@opora/contracts';
import { cases, type Db } from '@opora/db';
import { readCase } from './case-views.ts';

/**
 * `POST /cases`: a new case of the caller, without a client yet (the wizard enters the client next).
 * Its code (`OP-000123`) comes from the database sequence. Not idempotent: a double submit makes two
 * cases; the second stays an empty case nobody sees in the wizard (see docs/decisions.md).
 */
export async function createCase(db: Db, userId: string, input: CaseCreateInput): Promise<Case> {
  const [created] = await db
    .insert(cases)
    .values({ date: input.date, fcServiceLevel: input.fcServiceLevel, name: input.name, ownerUserId: userId })
    .returning({ id: cases.id });
  if (!created) throw new Error('Insert returned no case');
  return readCase(db, userId, created.id);
}
