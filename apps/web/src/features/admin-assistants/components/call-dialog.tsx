import { Button, Group, NativeSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  type AssistantCallInput,
  AssistantCallInputSchema,
  type AssistantTaskEntry,
  assistantCallOutcomes,
  isOneOf,
  type ServiceOfferItem,
  todayIsoDate,
} from '@opora/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DetailDialog } from '@/components/overlays/detail-dialog.tsx';
import { toast } from '@/components/overlays/toast.tsx';
import { AsyncButton } from '@/components/ui/async-button.tsx';
import { useContractForm } from '@/lib/forms/use-contract-form.ts';
import { logAssistantCall } from '../api/log-assistant-call.ts';
import { refreshAfterTaskChange } from '../api/refresh.ts';

type Values = { serviceId: string; outcome: string; note: string; followUpOn: string };

function CallForm({
  taskId,
  service,
  onDone,
  onGone,
}: {
  taskId: string;
  service: ServiceOfferItem;
  onDone: () => void;
  onGone: (error: unknown) => boolean;
}) {
  const { t } = useTranslation('admin-assistants');
  const queryClient = useQueryClient();
  const { form, onSubmit, submitButton } = useContractForm<Values, AssistantCallInput, AssistantTaskEntry>({
    schema: AssistantCallInputSchema,
    mode: 'controlled',
    initialValues: { serviceId: service.id, outcome: '', note: '', followUpOn: '' },
    toInput: (values): AssistantCallInput => ({
      serviceId: values.serviceId,
      outcome: (isOneOf(assistantCallOutcomes, values.outcome)
        ? values.outcome
        : undefined) as AssistantCallInput['outcome'],
      note: values.note,
      ...(values.followUpOn ? { followUpOn: values.followUpOn } : {}),
    }),
    // The service is no field of the person's: a problem with it is said in a toast.
    fields: ['outcome', 'note', 'followUpOn'],
    submit: (body, { signal }) => logAssistantCall(taskId, body, signal),
    onSuccess: async () => {
      toast.success(t('call.done', { provider: service.provider.name }));
      onDone();
      await refreshAfterTaskChange(queryClient, taskId);
    },
    onError: onGone,
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="md">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {t('call.about', { provider: service.provider.name, service: service.name })}
        </Text>
        <NativeSelect
          label={t('call.outcome')}
          withAsterisk
          data={[
            { value: '', label: t('call.choose') },
            ...assistantCallOutcomes.map((outcome) => ({ value: outcome, label: t(`outcome.${outcome}`) })),
          ]}
          data-autofocus
          {...form.getInputProps('outcome')}
        />
        <Textarea
          label={t('call.note')}
          description={t('call.noteHint')}
          autosize
          minRows={3}
          maxRows={10}
          maxLength={2000}
          {...form.getInputProps('note')}
        />
        <TextInput
          type="date"
          label={t('call.followUp')}
          description={t('call.followUpHint')}
          min={todayIsoDate()}
          {...form.getInputProps('followUpOn')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('call.cancel')}
          </Button>
          <AsyncButton type="submit" {...submitButton}>
            {t('call.submit')}
          </AsyncButton>
        </Group>
      </Stack>
    </form>
  );
}

/** "Log a call" to a service's provider: the outcome from the closed list, a note, a follow-up date. */
export function CallDialog({
  taskId,
  service,
  onClose,
  onGone,
}: {
  taskId: string;
  /** The service the call was about; null while the dialog is closed. */
  service: ServiceOfferItem | null;
  onClose: () => void;
  onGone: (error: unknown) => boolean;
}) {
  const { t } = useTranslation('admin-assistants');
  return (
    <DetailDialog opened={service !== null} onClose={onClose} title={t('call.title')} size="md">
      {service ? <CallForm taskId={taskId} service={service} onDone={onClose} onGone={onGone} /> : null}
    </DetailDialog>
  );
}
