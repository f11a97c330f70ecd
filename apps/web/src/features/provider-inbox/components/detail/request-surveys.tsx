import { Paper, Stack, Text, Title } from '@mantine/core';
import type { CareRequestSurvey } from '@opora/contracts';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/components/header/use-locale.ts';
import { formatInstantDate } from '@/components/requests/dates.ts';
import { SurveyAnswersList } from '@/components/surveys/survey-answers-list.tsx';
import { localized } from '@/components/surveys/survey-logic.ts';

/** The provider's questionnaires the requester filled for this service, read-only. */
export function RequestSurveys({
  surveys,
  headingOrder = 2,
}: {
  surveys: readonly CareRequestSurvey[];
  /** 3 under a heading of their own (the print layout). */
  headingOrder?: 2 | 3;
}) {
  const { t } = useTranslation('provider-request');
  const { locale } = useLocale();
  if (surveys.length === 0) return <Text>{t('surveys.empty')}</Text>;
  const labels = { yes: t('surveys.yes'), no: t('surveys.no'), notAnswered: t('surveys.notAnswered') };
  return (
    <Stack gap="lg">
      {surveys.map((survey) => (
        <Paper
          key={survey.surveyDefinitionId}
          withBorder
          radius="md"
          p={{ base: 'md', sm: 'lg' }}
          component="section"
          aria-labelledby={`survey-${survey.surveyDefinitionId}`}
        >
          <Stack gap="md">
            <div>
              <Title order={headingOrder} size="h3" id={`survey-${survey.surveyDefinitionId}`}>
                {localized(survey.definition.title, locale)}
              </Title>
              <Text size="sm" c="dimmed">
                {survey.submittedAt
                  ? t('surveys.complete', { date: formatInstantDate(survey.submittedAt) })
                  : t('surveys.draft')}
              </Text>
            </div>
            <SurveyAnswersList survey={survey} labels={labels} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
