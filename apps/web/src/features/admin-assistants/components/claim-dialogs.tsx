import { Button, Group, NativeSelect, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import {
  type AssistantQueueItem,
  type AssistantTaskReassign,
  AssistantTaskReassignSchema,
  type AssistantTaskRelease,
  AssistantTaskReleaseSchema,
} from '@opora/contracts';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailDialog } from '@/components/overlays/detail-dialog.tsx';
import { AsyncButton } from '@/components/ui/async-button.tsx';
import { LoadError } from '@/components/ui/page-states.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useContractForm } from '@/lib/forms/use-contract-form.ts';
import { useAssistants } from '../api/list-assistants.ts';
import { reassignAssistantTask } from '../api/reassign-assistant-task.ts';
import { releaseAssistantTask } from '../api/release-assistant-task.ts';

/** How a claim moved on before the caller's step: someone else has it now, or nobody does. */
export type ClaimMoved = { kind: 'claimed'; name: string | null } | { kind: 'not-claimed' };

/** The move a release's or a reassignment's 409 reports, if it is one. */
export function claimMovedOf(error: unknown): ClaimMoved | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'AssistantTaskNotClaimed') return { kind: 'not-claimed' };
  if (error.code !== 'AssistantTaskClaimed') return null;
  const name = error.problem.claimedBy;
  return { kind: 'claimed', name: typeof name === 'string' && name !== '' ? name : null };
}

/**
 * SPEC §4: Enter confirms the dialog, as in the shared confirm dialog — except from a button, a link or
 * a text area, which keep their own Enter.
 */
function confirmOnEnter(event: KeyboardEvent<HTMLFormElement>) {
  if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest('button, a[href], textarea')) return;
  event.preventDefault();
  event.currentTarget.requestSubmit();
}

type DialogProps = {
  /** The task whose claim moves; null while the dialog is closed. */
  task: AssistantQueueItem | null;
  onClose: () => void;
  /** After the step: the task as it is now. */
  onDone: (item: AssistantQueueItem) => Promise<unknown> | undefined;
  /** A failure on no field (the claim moved on, the task closed or gone): true when the page says it. */
  onRefused: (error: unknown) => boolean;
};

type ClaimedTask = AssistantQueueItem & { claimedBy: NonNullable<AssistantQueueItem['claimedBy']> };

const isClaimed = (task: AssistantQueueItem | null): task is ClaimedTask => task?.claimedBy != null;

function ReleaseForm({ task, onClose, onDone, onRefused }: DialogProps & { task: ClaimedTask }) {
  const { t } = useTranslation('admin-assistants');
  const { form, onSubmit, submitButton } = useContractForm<
    { claimantId: string; note: string },
    AssistantTaskRelease,
    AssistantQueueItem
  >({
    schema: AssistantTaskReleaseSchema,
    mode: 'controlled',
    initialValues: { claimantId: task.claimedBy.userId, note: '' },
    fields: ['note'],
    submit: (body, { signal }) => releaseAssistantTask(task.id, body, signal),
    onSuccess: (item) => onDone(item),
    onError: onRefused,
  });
  return (
    <form noValidate onSubmit={onSubmit} onKeyDown={confirmOnEnter}>
      <Stack gap="md">
        {/* Giving a task away is read first: focus starts on the question, Enter confirms. */}
        <Text tabIndex={-1} data-autofocus p={4} mx={-4} style={{ outlineOffset: -2 }}>
          {task.mine
            ? t('claim.release.textMine', { code: task.caseCode })
            : t('claim.release.text', { code: task.caseCode, name: task.claimedBy.name })}
        </Text>
        <Textarea
          label={t('claim.noteLabel')}
          description={t('claim.noteHint')}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={2000}
          {...form.getInputProps('note')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('claim.cancel')}
          </Button>
          <AsyncButton type="submit" {...submitButton}>
            {t('claim.release.submit')}
          </AsyncButton>
        </Group>
      </Stack>
    </form>
  );
}

/** "Give back to the queue": the claimant's, or a platform administrator's for anyone's claim. */
export function ReleaseDialog(props: DialogProps) {
  const { t } = useTranslation('admin-assistants');
  const { task } = props;
  return (
    <DetailDialog opened={task !== null} onClose={props.onClose} title={t('claim.release.title')}>
      {isClaimed(task) ? <ReleaseForm {...props} task={task} /> : null}
    </DetailDialog>
  );
}

function ReassignForm({ task, onClose, onDone, onRefused }: DialogProps & { task: ClaimedTask }) {
  const { t } = useTranslation('admin-assistants');
  const assistants = useAssistants({ enabled: true });
  // The list comes after the dialog opened (and focused its close button): the choice takes the focus.
  const select = useRef<HTMLSelectElement>(null);
  const listed = assistants.data !== undefined;
  useEffect(() => {
    if (listed) select.current?.focus();
  }, [listed]);
  const { form, onSubmit, submitButton } = useContractForm<
    { claimantId: string; assistantId: string; note: string },
    AssistantTaskReassign,
    AssistantQueueItem
  >({
    schema: AssistantTaskReassignSchema,
    mode: 'controlled',
    initialValues: { claimantId: task.claimedBy.userId, assistantId: '', note: '' },
    fields: ['assistantId', 'note'],
    submit: (body, { signal }) => reassignAssistantTask(task.id, body, signal),
    onSuccess: (item) => onDone(item),
    onError: onRefused,
  });

  if (assistants.isError && !assistants.data) {
    return (
      <LoadError
        title={t('claim.reassign.error.title')}
        text={t('claim.reassign.error.text')}
        retryLabel={t('claim.reassign.error.retry')}
        retrying={assistants.isFetching}
        onRetry={() => void assistants.refetch()}
      />
    );
  }
  if (!assistants.data) {
    return (
      <Stack gap="md" aria-busy="true">
        <Text>{t('claim.reassign.loading')}</Text>
        <Skeleton height={60} />
      </Stack>
    );
  }
  const others = assistants.data.items.filter((assistant) => assistant.userId !== task.claimedBy.userId);
  if (others.length === 0) {
    return (
      <Stack gap="md">
        <Text>{t('claim.reassign.nobody')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('claim.cancel')}
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <form noValidate onSubmit={onSubmit} onKeyDown={confirmOnEnter}>
      <Stack gap="md">
        <Text>{t('claim.reassign.text', { code: task.caseCode, name: task.claimedBy.name })}</Text>
        <NativeSelect
          label={t('claim.reassign.assistant')}
          withAsterisk
          data={[
            { value: '', label: t('claim.reassign.choose') },
            ...others.map((assistant) => ({
              value: assistant.userId,
              label: t('claim.reassign.option', { name: assistant.name, email: assistant.email }),
            })),
          ]}
          ref={select}
          {...form.getInputProps('assistantId')}
        />
        <Textarea
          label={t('claim.noteLabel')}
          description={t('claim.noteHint')}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={2000}
          {...form.getInputProps('note')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('claim.cancel')}
          </Button>
          <AsyncButton type="submit" {...submitButton}>
            {t('claim.reassign.submit')}
          </AsyncButton>
        </Group>
      </Stack>
    </form>
  );
}

/** "Give to another assistant" (platform administrators): whom, and a note; the dialog is the confirmation. */
export function ReassignDialog(props: DialogProps) {
  const { t } = useTranslation('admin-assistants');
  const { task } = props;
  return (
    <DetailDialog opened={task !== null} onClose={props.onClose} title={t('claim.reassign.title')}>
      {isClaimed(task) ? <ReassignForm {...props} task={task} /> : null}
    </DetailDialog>
  );
}
