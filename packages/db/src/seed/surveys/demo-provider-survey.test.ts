import { SurveyDocumentSchema, surveyAnswersSchema } from '@opora/contracts';
import { describe, expect, it } from 'vitest';
import { demoProviderSurveyV1 } from './demo-provider-survey.ts';

describe('the demo provider’s questionnaire', () => {
  it('is a valid document written with every default', () => {
    expect(SurveyDocumentSchema.parse(demoProviderSurveyV1)).toEqual(demoProviderSurveyV1);
  });

  it('takes a complete answer and asks which diet only when another one is chosen', () => {
    const complete = surveyAnswersSchema(demoProviderSurveyV1, { complete: true });
    expect(complete.safeParse({ mobility: 'aid', diet: 'none', 'start-date': '2027-01-04' }).success).toBe(
      true,
    );
    const missing = complete.safeParse({ mobility: 'aid', diet: 'other', 'start-date': '2027-01-04' });
    expect(missing.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['diet-other']);
  });
});
