import { Alert, Button, Group, NativeSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  type CarerSubscriptions,
  type FreePlanGrantInput,
  FreePlanGrantInputSchema,
  type FreePlanRevokeInput,
  FreePlanRevokeInputSchema,
  freePlanReasons,
  isOneOf,
  todayIsoDate,
} from '@opora/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DetailDialog } from '@/components/overlays/detail-dialog.tsx';
import { toast } from '@/components/overlays/toast.tsx';
import { AsyncButton } from '@/components/ui/async-button.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { apiErrorMessageKeys } from '@/lib/api-error-message.ts';
import { confirmOnEnter } from '@/lib/forms/confirm-on-enter.ts';
import { useContractForm } from '@/lib/forms/use-contract-form.ts';
import { storeCarerSubscriptions } from '../api/get-carer-subscriptions.ts';
import { grantFreePlan } from '../api/grant-free-plan.ts';
import { revokeFreePlan } from '../api/revoke-free-plan.ts';

/** The refusals that say how the person's plans stand now: shown in the dialog, the page read again. */
const refusals = ['SubscriptionPaidPlanLive', 'FreePlanAlreadyGranted', 'NotFoundException'] as const;

type DialogProps = {
  carer: CarerSubscriptions['user'];
  opened: boolean;
  onClose: () => void;
  /** After a refusal that means the page is out of date: it reads the person again. */
  onStale: () => void;
};

/** The form's refusal on no field, in words, where the form is (not a passing toast). */
function Refusal({ failure }: { failure: unknown }) {
  const { t } = useTranslation(['admin-subscriptions', 'errors']);
  if (!(failure instanceof ApiError && isOneOf(refusals, failure.code))) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />} role="alert">
      <Text c="dark.9">{t(apiErrorMessageKeys(failure))}</Text>
    </Alert>
  );
}

/** A refusal of `refusals` is the dialog's to show (and the page is read again); anything else a toast's. */
function shownInDialog(onStale: () => void) {
  return (error: unknown) => {
    if (!(error instanceof ApiError && isOneOf(refusals, error.code))) return false;
    onStale();
    return true;
  };
}

type GrantValues = { reason: string; note: string; endsOn: string };

function GrantForm({ carer, onClose, onStale }: Omit<DialogProps, 'opened'>) {
  const { t } = useTranslation('admin-subscriptions');
  const queryClient = useQueryClient();
  const { form, onSubmit, submitButton, failure } = useContractForm<
    GrantValues,
    FreePlanGrantInput,
    CarerSubscriptions
  >({
    schema: FreePlanGrantInputSchema,
    mode: 'controlled',
    initialValues: { reason: '', note: '', endsOn: '' },
    toInput: (values): FreePlanGrantInput => ({
      reason: (isOneOf(freePlanReasons, values.reason)
        ? values.reason
        : undefined) as FreePlanGrantInput['reason'],
      note: values.note,
      ...(values.endsOn ? { endsOn: values.endsOn } : {}),
    }),
    submit: (body, { signal }) => grantFreePlan(carer.id, body, signal),
    onSuccess: async (answer) => {
      toast.success(t('grant.done', { name: carer.name }));
      onClose();
      await storeCarerSubscriptions(queryClient, answer);
    },
    onError: shownInDialog(onStale),
  });
  const other = form.values.reason === 'other';
  return (
    <form noValidate onSubmit={onSubmit} onKeyDown={confirmOnEnter}>
      <Stack gap="md">
        <Text>{t('grant.text', { name: carer.name, email: carer.email })}</Text>
        <Refusal failure={failure} />
        <NativeSelect
          label={t('grant.reason')}
          withAsterisk
          data={[
            { value: '', label: t('grant.choose') },
            ...freePlanReasons.map((reason) => ({ value: reason, label: t(`reason.${reason}`) })),
          ]}
          data-autofocus
          {...form.getInputProps('reason')}
        />
        <Textarea
          label={t('grant.note')}
          description={other ? t('grant.noteHintOther') : t('grant.noteHint')}
          withAsterisk={other}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={2000}
          {...form.getInputProps('note')}
        />
        <TextInput
          type="date"
          label={t('grant.endsOn')}
          description={t('grant.endsOnHint')}
          min={todayIsoDate()}
          {...form.getInputProps('endsOn')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('dialog.cancel')}
          </Button>
          <AsyncButton type="submit" {...submitButton}>
            {t('grant.submit')}
          </AsyncButton>
        </Group>
      </Stack>
    </form>
  );
}

/** "Give the free plan": why (from the list; `other` with a note), until which day or until revoked. */
export function GrantFreePlanDialog({ opened, ...props }: DialogProps) {
  const { t } = useTranslation('admin-subscriptions');
  return (
    <DetailDialog opened={opened} onClose={props.onClose} title={t('grant.title')}>
      {opened ? <GrantForm {...props} /> : null}
    </DetailDialog>
  );
}

function RevokeForm({ carer, onClose, onStale }: Omit<DialogProps, 'opened'>) {
  const { t } = useTranslation('admin-subscriptions');
  const queryClient = useQueryClient();
  const { form, onSubmit, submitButton, failure } = useContractForm<
    { reason: string },
    FreePlanRevokeInput,
    CarerSubscriptions
  >({
    schema: FreePlanRevokeInputSchema,
    mode: 'controlled',
    initialValues: { reason: '' },
    submit: (body, { signal }) => revokeFreePlan(carer.id, body, signal),
    onSuccess: async (answer) => {
      toast.success(t('revoke.done', { name: carer.name }));
      onClose();
      await storeCarerSubscriptions(queryClient, answer);
    },
    onError: shownInDialog(onStale),
  });
  return (
    <form noValidate onSubmit={onSubmit} onKeyDown={confirmOnEnter}>
      <Stack gap="md">
        <Text>{t('revoke.text', { name: carer.name })}</Text>
        <Refusal failure={failure} />
        <Textarea
          label={t('revoke.reason')}
          description={t('revoke.reasonHint')}
          withAsterisk
          autosize
          minRows={2}
          maxRows={8}
          maxLength={2000}
          data-autofocus
          {...form.getInputProps('reason')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('dialog.cancel')}
          </Button>
          <AsyncButton type="submit" color="red.9" {...submitButton}>
            {t('revoke.submit')}
          </AsyncButton>
        </Group>
      </Stack>
    </form>
  );
}

/** "Take back the free plan": why, in staff's words; it ends at once. */
export function RevokeFreePlanDialog({ opened, ...props }: DialogProps) {
  const { t } = useTranslation('admin-subscriptions');
  return (
    <DetailDialog opened={opened} onClose={props.onClose} title={t('revoke.title')}>
      {opened ? <RevokeForm {...props} /> : null}
    </DetailDialog>
  );
}
