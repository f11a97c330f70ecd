import { Button, Group, Text } from '@mantine/core';
import type { AssistantQueueItem } from '@opora/contracts';
import { IconArrowBackUp, IconUserShare } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '@/components/overlays/toast.tsx';
import { WarningAlert } from '@/components/ui/warning-alert.tsx';
import { paths } from '@/config/paths.ts';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { hasPermission, useSessionUser } from '@/lib/session.ts';
import { formatDateTime } from '@/shared-features/requests/dates.ts';
import { refreshAfterClaimMoved, refreshAfterTaskChange } from '../api/refresh.ts';
import { type ClaimMoved, claimMovedOf, ReassignDialog, ReleaseDialog } from './claim-dialogs.tsx';
import { Section } from './section.tsx';

/** Whether the signed-in person may move others' claims (platform administrators, decision 0127). */
export function useMovesOthersClaims(): boolean {
  const user = useSessionUser();
  return user !== null && hasPermission(user, 'reassignAssistantTask');
}

/**
 * Who has the task, and the ways to move the claim (decision 0127): its claimant gives it back to the
 * queue; a platform administrator gives anyone's back, or to another assistant. A caller who no longer
 * has the task afterwards goes to the queue (the task's page would refuse them now); a claim that moved
 * on meanwhile is said here and the page read again; a task closed or gone is the page's (`onGone`).
 */
export function ClaimSection({
  task,
  onGone,
}: {
  task: AssistantQueueItem;
  onGone: (error: unknown) => boolean;
}) {
  const { t } = useTranslation('admin-assistants');
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const movesOthers = useMovesOthersClaims();
  const [dialog, setDialog] = useState<'release' | 'reassign' | null>(null);
  const [moved, setMoved] = useState<ClaimMoved | null>(null);

  const onDone = async (item: AssistantQueueItem) => {
    setDialog(null);
    setMoved(null);
    toast.success(
      item.claimedBy
        ? t('claim.reassign.done', { code: item.caseCode, name: item.claimedBy.name })
        : t('claim.release.done', { code: item.caseCode }),
    );
    // Gone from the task's page first: its view is dropped from the cache, not read again.
    if (task.mine && !item.mine) await navigate(paths.adminAssistantTasks.getHref());
    await refreshAfterClaimMoved(queryClient, task.id, { stillMine: item.mine });
  };

  const onRefused = (error: unknown): boolean => {
    const move = claimMovedOf(error);
    if (!move) {
      if (!onGone(error)) return false;
      setDialog(null);
      return true;
    }
    setDialog(null);
    setMoved(move);
    void refreshAfterTaskChange(queryClient, task.id);
    return true;
  };

  const since = task.claimedAt ? formatDateTime(task.claimedAt, locale) : '';
  const open = task.status === 'open';
  const mayRelease = open && task.claimedBy !== null && (task.mine || movesOthers);
  const mayReassign = open && task.claimedBy !== null && movesOthers;

  return (
    <Section title={t('claim.title')} headingId="task-claim">
      {moved ? (
        <WarningAlert role="alert" title={t('claim.moved.title')}>
          {moved.kind === 'not-claimed'
            ? t('claim.moved.notClaimed', { code: task.caseCode })
            : moved.name
              ? t('claim.moved.claimed', { code: task.caseCode, name: moved.name })
              : t('claim.moved.claimedUnnamed', { code: task.caseCode })}
        </WarningAlert>
      ) : null}
      <Text>
        {task.claimedBy === null
          ? t('claim.nobody')
          : task.mine
            ? t('claim.mine', { when: since })
            : t('claim.other', { name: task.claimedBy.name, when: since })}
      </Text>
      {mayRelease || mayReassign ? (
        <Group gap="sm">
          {mayRelease ? (
            <Button
              variant="default"
              leftSection={<IconArrowBackUp size={18} aria-hidden />}
              onClick={() => setDialog('release')}
            >
              {t('claim.release.open')}
            </Button>
          ) : null}
          {mayReassign ? (
            <Button
              variant="default"
              leftSection={<IconUserShare size={18} aria-hidden />}
              onClick={() => setDialog('reassign')}
            >
              {t('claim.reassign.open')}
            </Button>
          ) : null}
        </Group>
      ) : null}
      <ReleaseDialog
        task={dialog === 'release' ? task : null}
        onClose={() => setDialog(null)}
        onDone={onDone}
        onRefused={onRefused}
      />
      <ReassignDialog
        task={dialog === 'reassign' ? task : null}
        onClose={() => setDialog(null)}
        onDone={onDone}
        onRefused={onRefused}
      />
    </Section>
  );
}
