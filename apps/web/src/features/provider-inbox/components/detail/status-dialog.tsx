import { Alert, Button, Checkbox, Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import {
  type CareRequestStatusCode,
  careRequestDeclineReasons,
  careRequestStatusesWithReason,
  isOneOf,
  type ProviderCareRequest,
  type ProviderStatusChange,
  ProviderStatusChangeSchema,
} from '@opora/contracts';
import { IconMail } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DetailDialog } from '@/components/overlays/detail-dialog.tsx';
import { toast } from '@/components/overlays/toast.tsx';
import { AsyncButton } from '@/components/ui/async-button.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useContractForm } from '@/lib/forms/use-contract-form.ts';
import { CareRequestStatusBadge } from '@/shared-features/requests/status-badge.tsx';
import {
  providerServiceCapacityQueryOptions,
  useProviderServiceCapacity,
} from '@/shared-features/service-capacity/api.ts';
import { providerRequestQueryOptions } from '../../api/get-request.ts';
import { useChangeProviderRequestStatus } from '../../api/request-changes.ts';

type Values = { status: string; reason: string; reasonText: string; markServiceFull: boolean };

/**
 * The contracts' body, plus what the API checks beyond it (`declineOf`): a declined request needs a
 * reason, and "other" needs the provider's words — said in the browser before anything is sent.
 */
export const StatusChangeFormSchema = ProviderStatusChangeSchema.superRefine((body, context) => {
  if (!careRequestStatusesWithReason.includes(body.status)) return;
  if (!body.reason) context.addIssue({ code: 'custom', path: ['reason'], message: 'validation:required' });
  else if (body.reason === 'other' && !body.reasonText) {
    context.addIssue({ code: 'custom', path: ['reasonText'], message: 'validation:required' });
  }
});

function StatusForm({
  providerId,
  request,
  onDone,
}: {
  providerId: string;
  request: ProviderCareRequest;
  onDone: () => void;
}) {
  const { t } = useTranslation(['provider-request', 'enums', 'provider-capacity']);
  const queryClient = useQueryClient();
  const change = useChangeProviderRequestStatus(providerId, request.id);
  // Offered only when the person may update the service's capacity (the read answers 404 otherwise).
  const capacity = useProviderServiceCapacity(providerId, request.service.id);
  const { form, onSubmit, submitButton } = useContractForm({
    schema: StatusChangeFormSchema,
    mode: 'controlled',
    initialValues: { status: '', reason: '', reasonText: '', markServiceFull: true } satisfies Values,
    toInput: (values: Values): ProviderStatusChange => {
      const declining =
        isOneOf(request.allowedStatuses, values.status) &&
        careRequestStatusesWithReason.includes(values.status);
      return {
        status: values.status as CareRequestStatusCode,
        fromStatus: request.status,
        ...(declining && isOneOf(careRequestDeclineReasons, values.reason) ? { reason: values.reason } : {}),
        ...(declining && values.reasonText ? { reasonText: values.reasonText } : {}),
        ...(declining && values.reason === 'no-capacity' && capacity.isSuccess
          ? { markServiceFull: values.markServiceFull }
          : {}),
      };
    },
    submit: (body) => change.mutateAsync(body),
    onSuccess: (updated) => {
      void queryClient.invalidateQueries({
        queryKey: providerServiceCapacityQueryOptions(providerId, request.service.id).queryKey,
      });
      toast.success(t('status.done', { status: t(`enums:careRequestStatus.${updated.status}`) }));
      onDone();
    },
    onError: (error) => {
      // A colleague moved it meanwhile: the request as it is now, and the decision is the person's again.
      if (!(error instanceof ApiError) || error.code !== 'CareRequestStatusChangeNotAllowed') return false;
      void queryClient.invalidateQueries({
        queryKey: providerRequestQueryOptions(providerId, request.id).queryKey,
      });
      toast.error(t('status.conflict'));
      onDone();
      return true;
    },
  });
  const declining = careRequestStatusesWithReason.some((status) => status === form.values.status);

  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="lg">
        <Group gap="xs">
          <Text>{t('status.current', { status: '' })}</Text>
          <CareRequestStatusBadge status={request.status} />
        </Group>
        <Radio.Group label={t('status.label')} withAsterisk {...form.getInputProps('status')}>
          <Stack gap="xs" mt="xs">
            {request.allowedStatuses.map((status) => (
              <Radio key={status} value={status} label={t(`enums:careRequestStatus.${status}`)} />
            ))}
          </Stack>
        </Radio.Group>
        {declining ? (
          <>
            <Radio.Group
              label={t('status.reason')}
              description={t('status.reasonDescription')}
              withAsterisk
              {...form.getInputProps('reason')}
            >
              <Stack gap="xs" mt="xs">
                {careRequestDeclineReasons.map((reason) => (
                  <Radio key={reason} value={reason} label={t(`enums:careRequestDeclineReason.${reason}`)} />
                ))}
              </Stack>
            </Radio.Group>
            <Textarea
              label={t('status.reasonText')}
              description={t('status.reasonTextDescription')}
              withAsterisk={form.values.reason === 'other'}
              autosize
              minRows={2}
              maxLength={500}
              {...form.getInputProps('reasonText')}
            />
            {form.values.reason === 'no-capacity' && capacity.isSuccess ? (
              <Checkbox
                label={t('provider-capacity:decline.markFull', { service: request.service.name })}
                description={t('provider-capacity:decline.markFullHint')}
                {...form.getInputProps('markServiceFull', { type: 'checkbox' })}
              />
            ) : null}
          </>
        ) : null}
        <Alert color="blue" variant="light" icon={<IconMail aria-hidden />}>
          {t('status.email')}
        </Alert>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('status.cancel')}
          </Button>
          <AsyncButton type="submit" {...submitButton}>
            {t('status.submit')}
          </AsyncButton>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The change-status dialog (SPEC §3): only the moves the provider may make from here, a reason where
 * the request ends unmet, and a word that the client is e-mailed. Its form starts afresh each time.
 */
export function StatusDialog({
  opened,
  onClose,
  providerId,
  request,
}: {
  opened: boolean;
  onClose: () => void;
  providerId: string;
  request: ProviderCareRequest;
}) {
  const { t } = useTranslation('provider-request');
  return (
    <DetailDialog opened={opened} onClose={onClose} title={t('status.title')} size="lg">
      <StatusForm providerId={providerId} request={request} onDone={onClose} />
    </DetailDialog>
  );
}
