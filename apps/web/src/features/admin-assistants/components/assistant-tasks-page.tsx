import { Badge, Button, Group, Paper, Skeleton, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import type { AssistantQueueHealth, AssistantQueueItem } from '@opora/contracts';
import { IconArrowRight, IconCircleCheck, IconHandGrab, IconUserCog } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs, useNavigate } from 'react-router';
import { toast } from '@/components/overlays/toast.tsx';
import { AsyncButton } from '@/components/ui/async-button.tsx';
import { LoadError, LoadingState } from '@/components/ui/page-states.tsx';
import { WarningAlert } from '@/components/ui/warning-alert.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { apiErrorMessageKeys } from '@/lib/api-error-message.ts';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { queryClient } from '@/lib/query-client.ts';
import { useWideFrom } from '@/lib/use-wide-from.ts';
import { formatDateTime } from '@/shared-features/requests/dates.ts';
import { useClaimAssistantTask } from '../api/claim-assistant-task.ts';
import { assistantQueueQueryOptions, useAssistantQueue } from '../api/list-assistant-tasks.ts';
import { ago, formatHours } from '../utils/format.ts';
import classes from './assistants.module.css';
import { useMovesOthersClaims } from './claim-section.tsx';
import { ContactLines } from './contact-lines.tsx';

/** Why a take did not happen, said above the list after it was read again. */
type Refusal = { kind: 'claimed'; code: string; name: string | null } | { kind: 'closed'; code: string };

/**
 * `/admin/assistant-tasks` (issue 25 §2, decision 0123): the queue's health, then the open tasks
 * oldest first — who handed each over and how to reach them, when the first contact is due, who has
 * it — with "Take" for a task nobody has, "Open" for one's own and, for a platform administrator,
 * "Manage" for a colleague's (to give it back to the queue or to another assistant). The app shows it
 * in the staff console's frame (app/admin-assistant-tasks-page.tsx).
 */
export function AssistantTasksPage() {
  const { t } = useTranslation(['admin-assistants', 'common', 'errors']);
  const queue = useAssistantQueue();
  const claim = useClaimAssistantTask();
  const navigate = useNavigate();
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  const take = async (item: AssistantQueueItem) => {
    setRefusal(null);
    try {
      await claim.mutateAsync(item.id);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'AssistantTaskClaimed') {
        // Read again to say who was quicker (the list shows them beside the task too).
        const fresh = await queue.refetch();
        const now = fresh.data?.items.find((other) => other.id === item.id);
        setRefusal({ kind: 'claimed', code: item.caseCode, name: now?.claimedBy?.name ?? null });
      } else if (error instanceof ApiError && error.code === 'AssistantTaskClosed') {
        await queue.refetch();
        setRefusal({ kind: 'closed', code: item.caseCode });
      } else {
        toast.error(error instanceof ApiError ? t(apiErrorMessageKeys(error)) : t('errors:unknown'));
      }
      return;
    }
    toast.success(t('queue.taken', { code: item.caseCode }));
    await navigate(paths.adminAssistantTask.getHref({ taskId: item.id }));
  };

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('common:routes.adminAssistantTasks.title')}</Title>
        <Text size="lg" maw="48rem">
          {t('queue.intro')}
        </Text>
      </Stack>
      {queue.isError && !queue.data ? (
        <LoadError
          title={t('queue.error.title')}
          text={t('queue.error.text')}
          retryLabel={t('queue.error.retry')}
          retrying={queue.isFetching}
          onRetry={() => void queue.refetch()}
        />
      ) : queue.data ? (
        <>
          <QueueHealth health={queue.data.health} />
          {refusal ? <RefusalNotice refusal={refusal} /> : null}
          {queue.data.items.length === 0 ? (
            <NothingOpen />
          ) : (
            <Queue
              items={queue.data.items}
              taking={claim.isPending ? claim.variables : null}
              onTake={(item) => void take(item)}
            />
          )}
        </>
      ) : (
        <LoadingState label={t('queue.loading')}>
          <Stack gap="lg">
            <Skeleton height={96} radius="md" />
            <Skeleton height={240} radius="md" />
          </Stack>
        </LoadingState>
      )}
    </Stack>
  );
}

function RefusalNotice({ refusal }: { refusal: Refusal }) {
  const { t } = useTranslation('admin-assistants');
  if (refusal.kind === 'closed') {
    return (
      <WarningAlert role="alert" title={t('queue.closed.title')}>
        {t('queue.closed.text', { code: refusal.code })}
      </WarningAlert>
    );
  }
  return (
    <WarningAlert role="alert" title={t('queue.claimed.title')}>
      {refusal.name
        ? t('queue.claimed.text', { code: refusal.code, name: refusal.name })
        : t('queue.claimed.textUnnamed', { code: refusal.code })}
    </WarningAlert>
  );
}

/** Open, unclaimed and overdue tasks, and the median time to first contact a platform administrator watches. */
function QueueHealth({ health }: { health: AssistantQueueHealth }) {
  const { t } = useTranslation('admin-assistants');
  const { locale } = useLocale();
  const median = health.medianHoursToFirstContact;
  return (
    <section aria-labelledby="queue-health">
      <Title order={2} size="h4" id="queue-health" mb="xs">
        {t('health.title')}
      </Title>
      <dl className={classes.health}>
        <Figure label={t('health.open')}>{health.open}</Figure>
        <Figure label={t('health.unclaimed')}>{health.unclaimed}</Figure>
        <Figure label={t('health.overdue')} alert={health.overdue > 0}>
          {health.overdue}
        </Figure>
        <Figure label={t('health.median')}>
          {median === null ? (
            <Text span fz="md" fw={600}>
              {t('health.medianNone')}
            </Text>
          ) : median < 1 ? (
            t('health.medianUnderHour')
          ) : (
            t('health.medianValue', { hours: formatHours(median, locale) })
          )}
        </Figure>
      </dl>
      <Text size="sm" c="dark.6" mt={6}>
        {t('health.medianHint')}
      </Text>
    </section>
  );
}

/** One figure of the health: its name, then the value large. */
function Figure({ label, alert = false, children }: { label: string; alert?: boolean; children: ReactNode }) {
  return (
    <div className={alert ? `${classes.figure} ${classes.figureAlert}` : classes.figure}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function NothingOpen() {
  const { t } = useTranslation('admin-assistants');
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack gap="sm" align="flex-start">
        <ThemeIcon size={48} radius="md" variant="light" color="teal">
          <IconCircleCheck size={28} aria-hidden />
        </ThemeIcon>
        <Title order={2} size="h3">
          {t('queue.empty.title')}
        </Title>
        <Text>{t('queue.empty.text')}</Text>
      </Stack>
    </Paper>
  );
}

function OverdueBadge() {
  const { t } = useTranslation('admin-assistants');
  return (
    <Badge variant="filled" color="red.9" size="md" tt="none" radius="sm">
      {t('queue.overdue')}
    </Badge>
  );
}

function MineBadge() {
  const { t } = useTranslation('admin-assistants');
  return (
    <Badge variant="light" color="blue" c="blue.9" size="md" tt="none" radius="sm">
      {t('queue.mine')}
    </Badge>
  );
}

function Queue({
  items,
  taking,
  onTake,
}: {
  items: readonly AssistantQueueItem[];
  /** The task being taken now, if any. */
  taking: string | null | undefined;
  onTake: (item: AssistantQueueItem) => void;
}) {
  const { t } = useTranslation('admin-assistants');
  const { locale } = useLocale();
  const wide = useWideFrom('md');
  const movesOthers = useMovesOthersClaims();
  const caption = t('queue.caption', { count: items.length });

  /** What the table's cells and a phone's card show of a task, once. */
  const partsOf = (item: AssistantQueueItem) => ({
    code: <span className={classes.code}>{item.caseCode}</span>,
    contact: <ContactLines item={item} />,
    handedOver: (
      <Stack gap={0}>
        <Text size="sm">{ago(item.createdAt, locale)}</Text>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(item.createdAt, locale)}
        </Text>
      </Stack>
    ),
    due: item.firstContactAt ? (
      <Text size="sm" c="dark.6">
        {t('queue.firstContact', { when: formatDateTime(item.firstContactAt, locale) })}
      </Text>
    ) : (
      <Stack gap={4} align="flex-start">
        <Text
          size="sm"
          fw={item.overdue ? 700 : undefined}
          c={item.overdue ? 'red.9' : undefined}
          style={{ whiteSpace: 'nowrap' }}
        >
          {formatDateTime(item.dueAt, locale)}
        </Text>
        {item.overdue ? <OverdueBadge /> : null}
      </Stack>
    ),
    claimedBy: item.claimedBy ? (
      <Group gap={6} align="center">
        <Text size="sm" className={classes.wrap}>
          {item.claimedBy.name}
        </Text>
        {item.mine ? <MineBadge /> : null}
      </Group>
    ) : (
      <Text size="sm" c="dark.6">
        {t('queue.nobody')}
      </Text>
    ),
    action: item.mine ? (
      <Button
        component={Link}
        to={paths.adminAssistantTask.getHref({ taskId: item.id })}
        rightSection={<IconArrowRight size={18} aria-hidden />}
        aria-label={t('queue.openLabel', { code: item.caseCode })}
      >
        {t('queue.open')}
      </Button>
    ) : item.claimedBy !== null && movesOthers ? (
      // A platform administrator moves a colleague's claim from the task's page (decision 0127).
      <Button
        component={Link}
        variant="default"
        to={paths.adminAssistantTask.getHref({ taskId: item.id })}
        leftSection={<IconUserCog size={18} aria-hidden />}
        aria-label={t('queue.manageLabel', { code: item.caseCode })}
      >
        {t('queue.manage')}
      </Button>
    ) : item.claimedBy === null ? (
      <AsyncButton
        variant="default"
        busy={taking === item.id}
        leftSection={<IconHandGrab size={18} aria-hidden />}
        aria-label={t('queue.takeLabel', { code: item.caseCode })}
        onClick={() => onTake(item)}
      >
        {t('queue.take')}
      </AsyncButton>
    ) : null,
  });

  if (wide) {
    return (
      <Table striped verticalSpacing="sm">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('queue.case')}</Table.Th>
            <Table.Th scope="col">{t('queue.handedOverBy')}</Table.Th>
            <Table.Th scope="col">{t('queue.handedOverAt')}</Table.Th>
            <Table.Th scope="col">{t('queue.dueBy')}</Table.Th>
            <Table.Th scope="col">{t('queue.claimedBy')}</Table.Th>
            <Table.Th scope="col">
              <span className="visually-hidden">{t('queue.action')}</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => {
            const parts = partsOf(item);
            return (
              <Table.Tr key={item.id} className={item.overdue ? classes.overdueRow : undefined}>
                <Table.Th scope="row" style={{ verticalAlign: 'top' }}>
                  {parts.code}
                </Table.Th>
                <Table.Td style={{ verticalAlign: 'top', minWidth: '16rem', maxWidth: '26rem' }}>
                  {parts.contact}
                </Table.Td>
                <Table.Td style={{ verticalAlign: 'top' }}>{parts.handedOver}</Table.Td>
                <Table.Td style={{ verticalAlign: 'top' }}>{parts.due}</Table.Td>
                <Table.Td style={{ verticalAlign: 'top' }}>{parts.claimedBy}</Table.Td>
                <Table.Td style={{ verticalAlign: 'top', textAlign: 'end' }}>{parts.action}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    );
  }
  return (
    <ul aria-label={caption} className={classes.plainList}>
      {items.map((item) => {
        const parts = partsOf(item);
        return (
          <Paper
            component="li"
            key={item.id}
            withBorder
            radius="md"
            p="md"
            className={item.overdue ? classes.overdueCard : undefined}
          >
            <Stack gap="sm">
              <Text size="lg" fw={700}>
                {t('queue.case')} {parts.code}
              </Text>
              <Stack gap={2}>{parts.contact}</Stack>
              <CardLine label={t('queue.handedOverAt')}>{parts.handedOver}</CardLine>
              <CardLine label={t('queue.dueBy')}>{parts.due}</CardLine>
              <CardLine label={t('queue.claimedBy')}>{parts.claimedBy}</CardLine>
              {parts.action ? <div>{parts.action}</div> : null}
            </Stack>
          </Paper>
        );
      })}
    </ul>
  );
}

/** A labelled value of a phone's card. */
function CardLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** The route's loader calls it (app/router.tsx): the queue is read with the page's code. */
export function prefetch(_args: LoaderFunctionArgs): void {
  void queryClient.prefetchQuery(assistantQueueQueryOptions());
}
