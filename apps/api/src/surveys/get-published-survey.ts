import type { CaseSurveyType, SurveyDefinition } from '@opora/contracts';
import type { Db } from '@opora/db';
import { NotFoundError } from '../platform/errors.ts';
import { latestPublishedDefinition } from './survey-definitions.ts';

/** The questionnaire of a type that a new case is answered with: the platform's newest published version. */
export async function getPublishedSurvey(db: Db, type: CaseSurveyType): Promise<SurveyDefinition> {
  const definition = await latestPublishedDefinition(db, type);
  if (!definition) throw new NotFoundError('No questionnaire of this type is published.');
  return definition;
}
