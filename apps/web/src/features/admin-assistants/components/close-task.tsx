import { Stack, Text, Textarea } from '@mantine/core';
import { type AssistantQueueItem, type AssistantTaskClose, AssistantTaskCloseSchema } from '@opora/contracts';
import { useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '@/components/overlays/confirm.tsx';
import { toast } from '@/components/overlays/toast.tsx';
import { AsyncButton } from '@/components/ui/async-button.tsx';
import { useContractForm } from '@/lib/forms/use-contract-form.ts';
import { closeAssistantTask } from '../api/close-assistant-task.ts';
import { refreshAfterTaskChange } from '../api/refresh.ts';
import { Section } from './section.tsx';

/**
 * "Close with a summary": the summary the carer is e-mailed and reads on the client's page. Confirmed
 * first, as nothing can be logged on the task afterwards.
 */
export function CloseTask({
  task,
  onClosed,
  onGone,
}: {
  task: AssistantQueueItem;
  onClosed: () => void;
  onGone: (error: unknown) => boolean;
}) {
  const { t } = useTranslation('admin-assistants');
  const queryClient = useQueryClient();
  const { form, onSubmit, submitButton } = useContractForm<
    { summary: string },
    AssistantTaskClose,
    AssistantQueueItem
  >({
    schema: AssistantTaskCloseSchema,
    mode: 'controlled',
    initialValues: { summary: '' },
    submit: (body, { signal }) => closeAssistantTask(task.id, body, signal),
    onSuccess: async () => {
      toast.success(t('close.done'));
      onClosed();
      await refreshAfterTaskChange(queryClient, task.id);
    },
    onError: onGone,
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Asked only about a summary that would be sent; a missing one is marked beside its field.
    if (!form.validate().hasErrors) {
      const confirmed = await confirm({
        title: t('close.confirm.title'),
        message: t('close.confirm.message', { name: task.user.fullName }),
        confirmLabel: t('close.confirm.confirm'),
      });
      if (!confirmed) return;
    }
    onSubmit();
  };

  return (
    <Section title={t('close.title')} headingId="task-close">
      <Text>{t('close.intro')}</Text>
      <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="task-close">
        <Stack gap="md">
          <Textarea
            label={t('close.summary')}
            description={t('close.summaryHint')}
            withAsterisk
            autosize
            minRows={4}
            maxRows={14}
            maxLength={4000}
            {...form.getInputProps('summary')}
          />
          <div>
            <AsyncButton type="submit" {...submitButton}>
              {t('close.submit')}
            </AsyncButton>
          </div>
        </Stack>
      </form>
    </Section>
  );
}
