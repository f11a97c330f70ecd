import { Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError, LoadingState, NotFoundState } from '@/components/ui/page-states.tsx';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { useAssistantQueue } from '../api/list-assistant-tasks.ts';
import { ClaimSection } from './claim-section.tsx';
import { SubscriberSection } from './subscriber-section.tsx';

/**
 * A platform administrator's view of an open task someone else has (decision 0127): the queue's line of
 * it — who handed it over, who has it — and the ways to move the claim, without the client's record,
 * which only the claimant sees. A task not in the queue (closed, or no such task) is not found.
 */
export function TaskAssignment({ taskId, backLink }: { taskId: string; backLink: ReactNode }) {
  const { t } = useTranslation(['admin-assistants', 'common']);
  const queue = useAssistantQueue();
  const task = queue.data?.items.find((item) => item.id === taskId);
  usePageTitle(task ? t('task.heading', { code: task.caseCode }) : null);

  if (queue.isError && !queue.data) {
    return (
      <Stack gap="lg" align="flex-start">
        {backLink}
        <LoadError
          title={t('task.error.title')}
          text={t('task.error.text')}
          retryLabel={t('task.error.retry')}
          retrying={queue.isFetching}
          onRetry={() => void queue.refetch()}
        />
      </Stack>
    );
  }
  if (!queue.data) {
    return (
      <LoadingState label={t('task.loading')}>
        <Skeleton height={200} radius="md" />
      </LoadingState>
    );
  }
  if (!task) {
    return (
      <NotFoundState title={t('task.notFound.title')} text={t('task.notFound.text')}>
        {backLink}
      </NotFoundState>
    );
  }
  return (
    <Stack gap="lg">
      {backLink}
      <Stack gap="xs">
        <Text c="dark.6" fw={600}>
          {t('common:routes.adminAssistantTask.title')}
        </Text>
        <Title order={1}>{t('task.heading', { code: task.caseCode })}</Title>
        <Text maw="48rem">{t('claim.adminIntro')}</Text>
      </Stack>
      <Stack gap="lg" maw="48rem">
        <ClaimSection
          task={task}
          onGone={() => {
            // Closed or gone meanwhile: the queue read again no longer lists it; the toast says why.
            void queue.refetch();
            return false;
          }}
        />
        <SubscriberSection task={task} />
      </Stack>
    </Stack>
  );
}
