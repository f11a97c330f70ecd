import type { Case } from '@opora/contracts';
import type { Db } from '@opora/db';
import { readCase } from './case-views.ts';
import { findOwnCase } from './own-case.ts';

/** `GET /cases/{caseId}`: the caller's case; anyone else's answers 404 like a missing one. */
export async function getCase(db: Db, userId: string, caseId: string): Promise<Case> {
  await findOwnCase(db, userId, caseId);
  return readCase(db, userId, caseId);
}
