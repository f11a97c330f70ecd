import { Radio, Stack, Text, Textarea } from '@mantine/core';
import {
  isOneOf,
  type ProviderVerificationDecision,
  type ProviderVerificationDecisionInput,
  ProviderVerificationDecisionSchema,
  type ProviderVerificationDetail,
  providerRejectionReasons,
  providerVerificationOutcomes,
} from '@opora/contracts';
import { IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '@/components/overlays/confirm.tsx';
import { toast } from '@/components/overlays/toast.tsx';
import { AsyncButton } from '@/components/ui/async-button.tsx';
import { WarningAlert } from '@/components/ui/warning-alert.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useContractForm } from '@/lib/forms/use-contract-form.ts';
import { decideVerification, storeDecidedVerification } from '../api/provider-verifications.ts';
import { Section } from './verification-details.tsx';

type Values = { outcome: string; reason: string; note: string; providerRevision: number };

/** Why the decision could not be saved and the page must be read again. */
type Stale = 'changed' | 'decided';

/**
 * Approve, or reject with a reason from the closed list (`other` needs the note). A rejection is
 * confirmed first. The decision names the provider's revision the page shows: when the provider saved
 * its details meanwhile, or a colleague decided first, the page says so and offers to read it again.
 */
export function DecisionForm({
  detail,
  onReload,
  onDecided,
}: {
  detail: ProviderVerificationDetail;
  onReload: () => Promise<unknown>;
  onDecided: () => void;
}) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const [stale, setStale] = useState<Stale | null>(null);
  const [reloading, setReloading] = useState(false);
  const name = detail.provider.name;

  const { form, onSubmit, submitButton } = useContractForm<
    Values,
    ProviderVerificationDecision,
    ProviderVerificationDetail
  >({
    schema: ProviderVerificationDecisionSchema,
    mode: 'controlled',
    initialValues: { outcome: '', reason: '', note: '', providerRevision: detail.provider.revision },
    toInput: (values): ProviderVerificationDecisionInput => {
      const rejecting = values.outcome === 'rejected';
      return {
        outcome: (isOneOf(providerVerificationOutcomes, values.outcome)
          ? values.outcome
          : undefined) as ProviderVerificationDecisionInput['outcome'],
        ...(rejecting && isOneOf(providerRejectionReasons, values.reason) ? { reason: values.reason } : {}),
        note: values.note,
        providerRevision: values.providerRevision,
      };
    },
    // The revision is no field of the person's: a problem with it is said in a toast.
    fields: ['outcome', 'reason', 'note'],
    submit: (body, { signal }) => decideVerification(detail.verificationId, body, signal),
    onSuccess: async (decided) => {
      toast.success(
        decided.status === 'approved'
          ? t('decision.approvedToast', { name })
          : t('decision.rejectedToast', { name }),
      );
      onDecided();
      await storeDecidedVerification(queryClient, decided);
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return false;
      if (error.code === 'RecordChangedByAnother') setStale('changed');
      else if (error.code === 'ProviderVerificationDecided') setStale('decided');
      else return false;
      return true;
    },
  });

  // Read again (the provider's new details, or the colleague's decision): the form decides on them.
  const revision = detail.provider.revision;
  useEffect(() => {
    form.setFieldValue('providerRevision', revision);
  }, [revision]);

  const reload = async () => {
    setReloading(true);
    try {
      await onReload();
      setStale(null);
    } finally {
      setReloading(false);
    }
  };

  const rejecting = form.values.outcome === 'rejected';
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (rejecting && !form.validate().hasErrors) {
      const reason = isOneOf(providerRejectionReasons, form.values.reason)
        ? t(`reason.${form.values.reason}`)
        : '';
      const confirmed = await confirm({
        title: t('decision.confirmReject.title'),
        message: t(`decision.confirmReject.message.${detail.kind}`, { name, reason }),
        confirmLabel: t('decision.confirmReject.confirm'),
        danger: true,
      });
      if (!confirmed) return;
    }
    onSubmit();
  };

  return (
    <Section title={t('decision.title')} headingId="decision-title">
      {stale ? (
        <WarningAlert role="alert" title={t(`decision.${stale}.title`)}>
          <Stack gap="sm" align="flex-start">
            <Text>{t(`decision.${stale}.text`)}</Text>
            <AsyncButton
              variant="default"
              busy={reloading}
              leftSection={<IconRefresh size={18} aria-hidden />}
              onClick={() => void reload()}
            >
              {t(`decision.${stale}.reload`)}
            </AsyncButton>
          </Stack>
        </WarningAlert>
      ) : null}
      <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="decision-title">
        <Stack gap="lg">
          <Radio.Group label={t('decision.outcome')} withAsterisk {...form.getInputProps('outcome')}>
            <Stack gap="xs" mt="xs">
              <Radio value="approved" label={t('decision.approve')} />
              <Radio value="rejected" label={t('decision.reject')} />
            </Stack>
          </Radio.Group>
          {rejecting ? (
            <Radio.Group
              label={t('decision.reason')}
              description={t('decision.reasonHint')}
              withAsterisk
              {...form.getInputProps('reason')}
            >
              <Stack gap="xs" mt="xs">
                {providerRejectionReasons.map((reason) => (
                  <Radio key={reason} value={reason} label={t(`reason.${reason}`)} />
                ))}
              </Stack>
            </Radio.Group>
          ) : null}
          <Textarea
            label={t('decision.note')}
            description={rejecting ? t('decision.noteHintRejected') : t('decision.noteHint')}
            withAsterisk={rejecting && form.values.reason === 'other'}
            autosize
            minRows={2}
            maxLength={2000}
            {...form.getInputProps('note')}
          />
          <div>
            <AsyncButton type="submit" color={rejecting ? 'red.9' : undefined} {...submitButton}>
              {form.values.outcome === 'approved'
                ? t('decision.submitApprove')
                : rejecting
                  ? t('decision.submitReject')
                  : t('decision.submit')}
            </AsyncButton>
          </div>
        </Stack>
      </form>
    </Section>
  );
}
