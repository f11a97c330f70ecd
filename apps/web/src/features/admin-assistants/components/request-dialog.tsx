import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import {
  type AssistantRequestInput,
  AssistantRequestInputSchema,
  type AssistantTaskEntry,
  type ServiceOfferItem,
} from '@opora/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailDialog } from '@/components/overlays/detail-dialog.tsx';
import { toast } from '@/components/overlays/toast.tsx';
import { AsyncButton } from '@/components/ui/async-button.tsx';
import { WarningAlert } from '@/components/ui/warning-alert.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useContractForm } from '@/lib/forms/use-contract-form.ts';
import { refreshAfterTaskChange } from '../api/refresh.ts';
import { sendAssistantRequest } from '../api/send-assistant-request.ts';

/** Why the request cannot be sent from here: each is said in words, and the form is not offered again. */
type Refusal = 'hasForms' | 'alreadyRequested' | 'notVerified' | 'noPlan';

/** The refusal an answer means, if it is one of those the dialog explains. */
export function refusalOf(error: unknown): Refusal | null {
  if (!(error instanceof ApiError)) return null;
  if (error.errors.some((detail) => detail.code === 'assistantServiceHasForms')) return 'hasForms';
  switch (error.code) {
    case 'FacilityServiceAlreadyRequested':
      return 'alreadyRequested';
    case 'FacilityServiceProviderNotVerified':
      return 'notVerified';
    case 'InsufficientSubscription':
      return 'noPlan';
    default:
      return null;
  }
}

function RequestForm({
  taskId,
  service,
  carerName,
  onDone,
  onGone,
}: {
  taskId: string;
  service: ServiceOfferItem;
  carerName: string;
  onDone: () => void;
  onGone: (error: unknown) => boolean;
}) {
  const { t } = useTranslation('admin-assistants');
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  // The form (and its focused button) gives way to the refusal: focus moves to the way out of it.
  useEffect(() => {
    if (refusal) closeButton.current?.focus();
  }, [refusal]);
  const { form, onSubmit, submitButton } = useContractForm<
    { serviceId: string; message: string },
    AssistantRequestInput,
    AssistantTaskEntry
  >({
    schema: AssistantRequestInputSchema,
    mode: 'controlled',
    initialValues: { serviceId: service.id, message: '' },
    // `serviceId` is no field of the person's: its refusal (the service's own questionnaire) is said
    // above the form instead.
    fields: ['message'],
    submit: (body, { signal }) => sendAssistantRequest(taskId, body, signal),
    onSuccess: async () => {
      toast.success(t('request.done', { provider: service.provider.name }));
      onDone();
      await refreshAfterTaskChange(queryClient, taskId);
    },
    onError: (error) => {
      const reason = refusalOf(error);
      if (reason === null) return onGone(error);
      setRefusal(reason);
      // The offer's marks and the case's requests as they are now.
      void refreshAfterTaskChange(queryClient, taskId);
      return true;
    },
  });

  if (refusal) {
    return (
      <Stack gap="md">
        <WarningAlert role="alert" title={t(`request.${refusal}.title`)}>
          {t(`request.${refusal}.text`)}
        </WarningAlert>
        <Group justify="flex-end">
          <Button ref={closeButton} variant="default" onClick={onDone}>
            {t('request.cancel')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="md">
        <Text style={{ overflowWrap: 'anywhere' }}>
          {t('request.text', { provider: service.provider.name, service: service.name, carer: carerName })}
        </Text>
        <Textarea
          label={t('request.message')}
          description={t('request.messageHint')}
          autosize
          minRows={3}
          maxRows={10}
          maxLength={2000}
          data-autofocus
          {...form.getInputProps('message')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('request.cancel')}
          </Button>
          <AsyncButton type="submit" {...submitButton}>
            {t('request.submit')}
          </AsyncButton>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * "Send a request for the client": what goes to the provider and in whose name, a message, then the
 * request. The dialog is the confirmation; a service that asks its own questionnaire is refused with
 * a word that the carer has to send it.
 */
export function RequestDialog({
  taskId,
  service,
  carerName,
  onClose,
  onGone,
}: {
  taskId: string;
  /** The service to request; null while the dialog is closed. */
  service: ServiceOfferItem | null;
  carerName: string;
  onClose: () => void;
  onGone: (error: unknown) => boolean;
}) {
  const { t } = useTranslation('admin-assistants');
  return (
    <DetailDialog opened={service !== null} onClose={onClose} title={t('request.title')} size="md">
      {service ? (
        <RequestForm
          taskId={taskId}
          service={service}
          carerName={carerName}
          onDone={onClose}
          onGone={onGone}
        />
      ) : null}
    </DetailDialog>
  );
}
