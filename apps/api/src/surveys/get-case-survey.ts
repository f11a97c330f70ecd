import type { CaseSurvey, CaseSurveyType } from '@opora/contracts';
import { type Db, surveyAnswers, surveyDefinitions } from '@opora/db';
import { and, eq } from 'drizzle-orm';
import { findOwnCase } from '../cases/own-case.ts';
import type { Principal } from '../platform/auth.ts';
import { NotFoundError } from '../platform/errors.ts';
import { toCaseSurvey } from './case-survey.ts';
import { latestPublishedDefinition, toSurveyDefinition } from './survey-definitions.ts';

/**
 * The caller's case's questionnaire of a type: the version its answers are bound to, or the newest
 * published one while nothing is answered. Another user's case answers 404.
 */
export async function getCaseSurvey(
  db: Db,
  principal: Principal,
  { caseId, type }: { caseId: string; type: CaseSurveyType },
): Promise<CaseSurvey> {
  await findOwnCase(db, principal.userId, caseId);
  return readCaseSurvey(db, caseId, type);
}

/**
 * A case's questionnaire of a type, for a case whose access the caller has already checked (its
 * owner: `findOwnCase`; a guest: `findGuestCase`).
 */
export async function readCaseSurvey(db: Db, caseId: string, type: CaseSurveyType): Promise<CaseSurvey> {
  const [answered] = await db
    .select({ answers: surveyAnswers, definition: surveyDefinitions })
    .from(surveyAnswers)
    .innerJoin(surveyDefinitions, eq(surveyDefinitions.id, surveyAnswers.surveyDefinitionId))
    .where(and(eq(surveyAnswers.caseId, caseId), eq(surveyAnswers.surveyType, type)));
  if (answered) {
    return toCaseSurvey(caseId, type, toSurveyDefinition(answered.definition), answered.answers);
  }
  const definition = await latestPublishedDefinition(db, type);
  if (!definition) throw new NotFoundError('No questionnaire of this type is published.');
  return toCaseSurvey(caseId, type, definition, undefined);
}
