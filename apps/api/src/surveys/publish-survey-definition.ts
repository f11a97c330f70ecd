import type { SurveyDefinition } from '@opora/contracts';
import { type Db, surveyDefinitions } from '@opora/db';
import { and, eq, sql } from 'drizzle-orm';
import type { Principal } from '../platform/auth.ts';
import { NotFoundError } from '../platform/errors.ts';
import { recordStaffAction, staffActor } from '../staff-audit/record-staff-action.ts';
import { toSurveyDefinition } from './survey-definitions.ts';

/**
 * Publishes a draft: from now on it can be answered, and the newest published platform version of a
 * type is what new cases get. Publishing a published definition changes nothing (and logs nothing); a publication is in the staff
 * audit log (decision 0122).
 */
export async function publishSurveyDefinition(
  db: Db,
  principal: Principal,
  id: string,
): Promise<SurveyDefinition> {
  const actor = await staffActor(db, principal);
  const published = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(surveyDefinitions)
      .set({ status: 'published', publishedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(surveyDefinitions.id, id), eq(surveyDefinitions.status, 'draft')))
      .returning();
    if (row) {
      await recordStaffAction(tx, actor, {
        action: 'survey-definition-published',
        recordType: 'survey-definition',
        recordId: row.id,
        recordLabel: row.code,
        details: { type: row.type, version: row.version },
      });
    }
    return row;
  });
  if (published) return toSurveyDefinition(published);
  const [existing] = await db.select().from(surveyDefinitions).where(eq(surveyDefinitions.id, id));
  if (!existing) throw new NotFoundError();
  return toSurveyDefinition(existing);
}
