import type { SurveyDefinition } from '@opora/contracts';
import { type Db, surveyDefinitions } from '@opora/db';
import { and, eq, sql } from 'drizzle-orm';
import { NotFoundError } from '../platform/errors.ts';
import { toSurveyDefinition } from './survey-definitions.ts';

/**
 * Publishes a draft: from now on it can be answered, and the newest published platform version of a
 * type is what new cases get. Publishing a published definition changes nothing.
 */
export async function publishSurveyDefinition(db: Db, id: string): Promise<SurveyDefinition> {
  const [published] = await db
    .update(surveyDefinitions)
    .set({ status: 'published', publishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(surveyDefinitions.id, id), eq(surveyDefinitions.status, 'draft')))
    .returning();
  if (published) return toSurveyDefinition(published);
  const [existing] = await db.select().from(surveyDefinitions).where(eq(surveyDefinitions.id, id));
  if (!existing) throw new NotFoundError();
  return toSurveyDefinition(existing);
}
