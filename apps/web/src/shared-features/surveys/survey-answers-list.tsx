import { Text } from '@mantine/core';
import {
  type CareRequestSurvey,
  formatDisplayDate,
  isQuestionVisible,
  type Locale,
  type SurveyAnswerValue,
  type SurveyQuestion,
  surveyQuestions,
} from '@opora/contracts';
import { Field, FieldList } from '@/components/ui/field-list.tsx';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { localized } from '@/shared-features/surveys/survey-logic.ts';

/** The words of a read-only answer list, translated by the page that shows it (its own namespace). */
export type SurveyAnswerLabels = { yes: string; no: string; notAnswered: string };

function answerText(
  question: SurveyQuestion,
  value: SurveyAnswerValue,
  locale: Locale,
  labels: SurveyAnswerLabels,
): string {
  switch (question.type) {
    case 'single':
    case 'multiple': {
      const values = Array.isArray(value) ? value : [String(value)];
      return values
        .map((each) => {
          const choice = question.choices.find((candidate) => candidate.value === each);
          return choice ? localized(choice.label, locale) : each;
        })
        .join(', ');
    }
    case 'boolean':
      return value === true ? labels.yes : labels.no;
    case 'date':
      return formatDisplayDate(String(value));
    case 'number':
      return `${new Intl.NumberFormat(locale).format(Number(value))}${question.unit ? ` ${localized(question.unit, locale)}` : ''}`;
    default:
      return String(value);
  }
}

/**
 * A questionnaire's answers, read-only: every question shown with the answers given, in order. The
 * sender's request page and the provider's inbox both show them.
 */
export function SurveyAnswersList({
  survey,
  labels,
}: {
  survey: CareRequestSurvey;
  labels: SurveyAnswerLabels;
}) {
  const { locale } = useLocale();
  const questions = surveyQuestions(survey.definition).filter((question) =>
    isQuestionVisible(question, survey.answers),
  );
  return (
    <FieldList>
      {questions.map((question) => {
        const value = survey.answers[question.name];
        return (
          <Field key={question.name} label={localized(question.title, locale)}>
            {value === undefined ? (
              <Text span c="dimmed">
                {labels.notAnswered}
              </Text>
            ) : (
              <span style={{ whiteSpace: 'pre-wrap' }}>{answerText(question, value, locale, labels)}</span>
            )}
          </Field>
        );
      })}
    </FieldList>
  );
}
