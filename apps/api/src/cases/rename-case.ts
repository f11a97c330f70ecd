import type { Case, CaseRename } from '@opora/contracts';
import { cases, type Db } from '@opora/db';
import { eq } from 'drizzle-orm';
import { readCase } from './case-views.ts';
import { findOwnCase } from './own-case.ts';

/** `PATCH /cases/{caseId}`: the carer's own label for the case. */
export async function renameCase(db: Db, userId: string, caseId: string, input: CaseRename): Promise<Case> {
  await findOwnCase(db, userId, caseId);
  await db.update(cases).set({ name: input.name }).where(eq(cases.id, caseId));
  return readCase(db, userId, caseId);
}
