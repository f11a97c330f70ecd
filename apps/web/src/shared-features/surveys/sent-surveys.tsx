import { Paper, Stack, Text, Title } from '@mantine/core';
import type { CareRequestCase, CareRequestSurvey } from '@opora/contracts';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { formatInstantDate } from '@/shared-features/requests/dates.ts';
import { SurveyAnswersList } from '@/shared-features/surveys/survey-answers-list.tsx';
import { localized } from '@/shared-features/surveys/survey-logic.ts';

type HeadingOrder = 2 | 3;

/**
 * The questionnaires a sent request carries, read-only, as its sender and its provider both read them:
 * the need for care (the case's own questionnaires as they were when it was sent, each named even when
 * it was not filled in) and the provider's questionnaires for the service.
 */
export function SentSurveys({
  surveys,
  caseSurveys,
  headingOrder = 2,
}: {
  surveys: readonly CareRequestSurvey[];
  /** Where each of the case's questionnaires stood when the request was sent. */
  caseSurveys: CareRequestCase['surveys'];
  /** 3 under a heading of their own (the print layout). */
  headingOrder?: HeadingOrder;
}) {
  const { t } = useTranslation(['surveys', 'requests']);
  const own = surveys.filter((survey) => survey.type === 'service');
  const cardOrder = (headingOrder + 1) as 3 | 4;
  return (
    <Stack gap="xl">
      <Stack gap="md" component="section" aria-labelledby="sent-surveys-need">
        <div>
          <Title order={headingOrder} size="h3" id="sent-surveys-need">
            {t('sent.needTitle')}
          </Title>
          <Text c="dimmed">{t('sent.needIntro')}</Text>
        </div>
        {caseSurveys.map(({ type }) => {
          const survey = surveys.find((each) => each.type === type);
          return survey ? (
            <SurveyCard key={type} survey={survey} headingOrder={cardOrder} />
          ) : (
            <Paper key={type} withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
              <Title order={cardOrder} size="h4">
                {t(`requests:caseSurveys.${type}`)}
              </Title>
              <Text c="dimmed">{t('sent.notStarted')}</Text>
            </Paper>
          );
        })}
      </Stack>
      <Stack gap="md" component="section" aria-labelledby="sent-surveys-service">
        <Title order={headingOrder} size="h3" id="sent-surveys-service">
          {t('sent.serviceTitle')}
        </Title>
        {own.length === 0 ? <Text>{t('sent.serviceNone')}</Text> : null}
        {own.map((survey) => (
          <SurveyCard key={survey.surveyDefinitionId} survey={survey} headingOrder={cardOrder} />
        ))}
      </Stack>
    </Stack>
  );
}

function SurveyCard({ survey, headingOrder }: { survey: CareRequestSurvey; headingOrder: 3 | 4 }) {
  const { t } = useTranslation('surveys');
  const { locale } = useLocale();
  const headingId = `sent-survey-${survey.surveyDefinitionId}`;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby={headingId}
    >
      <Stack gap="md">
        <div>
          <Title order={headingOrder} size="h4" id={headingId}>
            {localized(survey.definition.title, locale)}
          </Title>
          <Text size="sm" c="dimmed">
            {survey.submittedAt
              ? t('sent.complete', { date: formatInstantDate(survey.submittedAt) })
              : t('sent.draft')}
          </Text>
        </div>
        <SurveyAnswersList
          survey={survey}
          labels={{ yes: t('form.yes'), no: t('form.no'), notAnswered: t('sent.notAnswered') }}
        />
      </Stack>
    </Paper>
  );
}
