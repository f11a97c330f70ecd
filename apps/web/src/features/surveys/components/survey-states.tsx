import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconPencil } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DashboardButton, LoadError, LoadingState, NotFoundState } from '@/components/ui/page-states.tsx';
import classes from '@/shared-features/surveys/survey.module.css';
import { surveyNamespaces } from '@/shared-features/surveys/survey-question.tsx';

/** The questionnaire pages' column: a heading, who it is for, then the content. */
export function SurveyPageFrame({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string | null;
  children: ReactNode;
}) {
  return (
    <Stack gap="lg" maw={800} mx="auto" w="100%">
      <Stack gap={4}>
        <Title order={1}>{title}</Title>
        {subtitle ? (
          <Text c="dimmed" size="lg">
            {subtitle}
          </Text>
        ) : null}
      </Stack>
      {children}
    </Stack>
  );
}

/** What comes before a questionnaire's first page: why it is asked (`children`), and that answers are kept. */
export function SurveyIntro({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const { t } = useTranslation(surveyNamespaces);
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} fz="h3" id={id}>
          {title}
        </Title>
        {children}
        <Text c="dimmed" size="sm">
          {t('ext.intro.autosave')}
        </Text>
      </Stack>
    </Paper>
  );
}

/** The way on from a questionnaire already answered: change the answers, or continue. */
export function EditOrContinue({
  continueLabel,
  onEdit,
  onContinue,
}: {
  continueLabel: string;
  onEdit: () => void;
  onContinue: () => void;
}) {
  const { t } = useTranslation(surveyNamespaces);
  return (
    <div className={classes.actions}>
      <Button variant="default" size="md" leftSection={<IconPencil size={20} aria-hidden />} onClick={onEdit}>
        {t('result.edit')}
      </Button>
      <Button size="md" rightSection={<IconArrowRight size={20} aria-hidden />} onClick={onContinue}>
        {continueLabel}
      </Button>
    </div>
  );
}

/** Placeholder while the questionnaire loads, announced once. */
export function SurveyLoading() {
  const { t } = useTranslation(surveyNamespaces);
  return (
    <LoadingState label={t('states.loading')}>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="lg">
          <Skeleton height={14} width="20%" />
          <Skeleton height={8} />
          <Skeleton height={28} width="60%" />
          {[0, 1, 2].map((index) => (
            <Stack key={index} gap="xs">
              <Skeleton height={18} width="70%" />
              <Skeleton height={16} width="40%" />
              <Skeleton height={16} width="45%" />
            </Stack>
          ))}
        </Stack>
      </Paper>
    </LoadingState>
  );
}

/** A load that failed for a reason that may pass, with a way to try again. */
export function SurveyLoadError({ retrying, onRetry }: { retrying: boolean; onRetry: () => void }) {
  const { t } = useTranslation(surveyNamespaces);
  return (
    <LoadError
      title={t('states.loadError.title')}
      text={t('states.loadError.text')}
      retryLabel={t('states.loadError.retry')}
      retrying={retrying}
      onRetry={onRetry}
    />
  );
}

/** The case or client is not there (or not the caller's): say so and lead to the overview. */
export function SurveyNotFound() {
  const { t } = useTranslation(surveyNamespaces);
  return (
    <NotFoundState title={t('states.notFound.title')} text={t('states.notFound.text')} py="md">
      <DashboardButton>{t('states.notFound.dashboard')}</DashboardButton>
    </NotFoundState>
  );
}

/** No questionnaire of this type is published: the wizard goes on without it. */
export function SurveyUnavailable({ onContinue }: { onContinue: (() => void) | null }) {
  const { t } = useTranslation(surveyNamespaces);
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md" align="flex-start">
        <Title order={2}>{t('states.unavailable.title')}</Title>
        <Text>{t('states.unavailable.text')}</Text>
        <Group>
          {onContinue ? (
            <Button onClick={onContinue} rightSection={<IconArrowRight size={20} aria-hidden />}>
              {t('states.unavailable.continue')}
            </Button>
          ) : (
            <DashboardButton variant="default">{t('states.notFound.dashboard')}</DashboardButton>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

export { isMissing } from '@/components/ui/page-states.tsx';
