import { Anchor, Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { AssistantTaskDetail, ServiceOfferItem } from '@opora/contracts';
import { IconArrowLeft, IconCircleCheck } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs, useParams } from 'react-router';
import { isMissing, LoadError, LoadingState, NotFoundState } from '@/components/ui/page-states.tsx';
import { WarningAlert } from '@/components/ui/warning-alert.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { queryClient } from '@/lib/query-client.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { formatDateTime } from '@/shared-features/requests/dates.ts';
import { assistantTaskQueryOptions, useAssistantTask } from '../api/get-assistant-task.ts';
import { agoAndWhen } from '../utils/format.ts';
import classes from './assistants.module.css';
import { CallDialog } from './call-dialog.tsx';
import { CaseRequests } from './case-requests.tsx';
import { ClaimSection, useMovesOthersClaims } from './claim-section.tsx';
import { ClientRecord } from './client-record.tsx';
import { CloseTask } from './close-task.tsx';
import { RequestDialog } from './request-dialog.tsx';
import { ServiceOffer } from './service-offer.tsx';
import { SubscriberSection } from './subscriber-section.tsx';
import { TaskAssignment } from './task-assignment.tsx';
import { TaskHistory } from './task-history.tsx';

function BackToQueue() {
  const { t } = useTranslation('admin-assistants');
  return (
    <Anchor component={Link} to={paths.adminAssistantTasks.getHref()} fw={600}>
      <Group gap={4} component="span" style={{ display: 'inline-flex' }}>
        <IconArrowLeft size={18} aria-hidden />
        {t('task.back')}
      </Group>
    </Anchor>
  );
}

/**
 * `/admin/assistant-tasks/:taskId` (issue 25 §2, decision 0123): the claimant's task — who handed the
 * case over, the client's record, the services to call (a call logged, a request sent for the client),
 * the case's requests, the history, giving it back to the queue (or, for a platform administrator, to
 * another assistant), and closing it with a summary; read-only once closed. Anyone but the claimant is
 * told it is not theirs (the API answers 404: staff see a client only through a task they took); a
 * platform administrator sees who has it instead, and can move the claim. The app shows it in the staff
 * console's frame (app/admin-assistant-task-page.tsx).
 */
export function AssistantTaskPage() {
  const { t } = useTranslation('admin-assistants');
  const { taskId = '' } = useParams();
  const task = useAssistantTask(taskId);
  const movesOthers = useMovesOthersClaims();
  usePageTitle(task.data ? t('task.heading', { code: task.data.case.code }) : null);

  let body: ReactNode;
  // A failed re-read keeps the task shown, unless it says the task is no longer the caller's.
  if (task.isError && isMissing(task.error) && movesOthers) {
    // A platform administrator who has not claimed it: who has it, and moving the claim (decision 0127).
    body = <TaskAssignment taskId={taskId} backLink={<BackToQueue />} />;
  } else if (task.isError && (!task.data || isMissing(task.error))) {
    body = isMissing(task.error) ? (
      <NotFoundState title={t('task.notFound.title')} text={t('task.notFound.text')}>
        <BackToQueue />
      </NotFoundState>
    ) : (
      <Stack gap="lg" align="flex-start">
        <BackToQueue />
        <LoadError
          title={t('task.error.title')}
          text={t('task.error.text')}
          retryLabel={t('task.error.retry')}
          retrying={task.isFetching}
          onRetry={() => void task.refetch()}
        />
      </Stack>
    );
  } else if (task.data) {
    body = <Task detail={task.data} onReload={() => task.refetch()} />;
  } else {
    body = (
      <LoadingState label={t('task.loading')}>
        <Stack gap="md">
          <Skeleton height={40} width="50%" />
          <Skeleton height={320} radius="md" />
        </Stack>
      </LoadingState>
    );
  }
  return body;
}

type Dialog = { kind: 'call' | 'request'; service: ServiceOfferItem } | null;

function Task({ detail, onReload }: { detail: AssistantTaskDetail; onReload: () => Promise<unknown> }) {
  const { t } = useTranslation(['admin-assistants', 'common']);
  const { locale } = useLocale();
  const { task } = detail;
  const open = task.status === 'open';
  const [dialog, setDialog] = useState<Dialog>(null);
  const [stale, setStale] = useState(false);
  const [justClosed, setJustClosed] = useState(false);

  /** A step refused because the task was closed meanwhile (409) or is no longer the caller's (404). */
  const onGone = (error: unknown): boolean => {
    if (!(error instanceof ApiError)) return false;
    if (error.code !== 'AssistantTaskClosed' && error.status !== 404) return false;
    setDialog(null);
    setStale(true);
    void onReload();
    return true;
  };

  return (
    <Stack gap="lg">
      <BackToQueue />
      <Stack gap="xs">
        <Text c="dark.6" fw={600}>
          {t('common:routes.adminAssistantTask.title')}
        </Text>
        <Title order={1}>{t('task.heading', { code: detail.case.code })}</Title>
        {detail.case.name ? (
          <Text size="lg" className={classes.wrap}>
            {t('task.caseName', { name: detail.case.name })}
          </Text>
        ) : null}
        <Group gap="sm">
          <Badge
            variant="light"
            color={open ? 'blue' : 'teal'}
            c={open ? 'blue.9' : 'opora.9'}
            size="lg"
            tt="none"
            radius="sm"
          >
            {t(`task.status.${task.status}`)}
          </Badge>
          {task.overdue ? (
            <Badge variant="filled" color="red.9" size="lg" tt="none" radius="sm">
              {t('queue.overdue')}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dark.6">
          {t('task.handedOverAt', { when: agoAndWhen(task.createdAt, locale) })}
          {' · '}
          {task.firstContactAt
            ? t('task.firstContact', { when: formatDateTime(task.firstContactAt, locale) })
            : t('task.dueBy', { when: formatDateTime(task.dueAt, locale) })}
        </Text>
      </Stack>

      {stale && open ? (
        <WarningAlert role="alert" title={t('task.stale.title')}>
          {t('task.stale.text')}
        </WarningAlert>
      ) : null}
      {!open ? <ClosedNotice detail={detail} focusOnShow={justClosed} /> : null}

      <div className={classes.taskGrid}>
        <Stack gap="lg">
          {open ? <ClaimSection task={task} onGone={onGone} /> : null}
          <SubscriberSection task={task} />
          <ClientRecord client={detail.client} />
        </Stack>
        <Stack gap="lg">
          <ServiceOffer
            offer={detail.offer}
            open={open}
            onLogCall={(service) => setDialog({ kind: 'call', service })}
            onSendRequest={(service) => setDialog({ kind: 'request', service })}
          />
          <CaseRequests requests={detail.requests} />
          <TaskHistory entries={detail.entries} />
          {open ? <CloseTask task={task} onClosed={() => setJustClosed(true)} onGone={onGone} /> : null}
        </Stack>
      </div>

      <CallDialog
        taskId={task.id}
        service={dialog?.kind === 'call' ? dialog.service : null}
        onClose={() => setDialog(null)}
        onGone={onGone}
      />
      <RequestDialog
        taskId={task.id}
        service={dialog?.kind === 'request' ? dialog.service : null}
        carerName={task.user.fullName}
        onClose={() => setDialog(null)}
        onGone={onGone}
      />
    </Stack>
  );
}

/**
 * A closed task: when, and the summary the carer was sent. Focused when it appears after closing, so
 * keyboard and screen-reader users land on the outcome rather than on the form that went away.
 */
function ClosedNotice({ detail, focusOnShow }: { detail: AssistantTaskDetail; focusOnShow: boolean }) {
  const { t } = useTranslation('admin-assistants');
  const { locale } = useLocale();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnShow) heading.current?.focus();
  }, [focusOnShow]);
  const closedAt = detail.task.closedAt;
  return (
    <Paper className={classes.closed} radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconCircleCheck
            size={28}
            aria-hidden
            style={{ flex: 'none', color: 'var(--mantine-color-teal-9)' }}
          />
          <Title order={2} size="h3" ref={heading} tabIndex={-1} className={classes.closedHeading}>
            {closedAt
              ? t('task.closedNotice.title', { when: formatDateTime(closedAt, locale) })
              : t('task.status.done')}
          </Title>
        </Group>
        <Text>{t('task.closedNotice.text')}</Text>
        {detail.summary ? (
          <Stack gap={4}>
            <Text fw={600}>{t('close.summaryHeading')}</Text>
            <blockquote className={classes.summary}>{detail.summary}</blockquote>
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The route's loader calls it (app/router.tsx): the task is read with the page's code. */
export function prefetch(args: LoaderFunctionArgs): void {
  const { taskId } = args.params;
  if (taskId) void queryClient.prefetchQuery(assistantTaskQueryOptions(taskId));
}
