import { Fieldset, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  type ProviderDetailsUpdate,
  ProviderDetailsUpdateSchema,
  type ProviderProfile,
  type ProviderRecord,
  ProviderRecordSchema,
} from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/overlays/toast.tsx';
import { AsyncButton } from '@/components/ui/async-button.tsx';
import { type ConflictField, useRevisionedForm } from '@/lib/forms/use-revisioned-form.tsx';
import { operationKey } from '@/lib/operations.ts';
import { AddressFields } from '@/shared-features/places/address-fields.tsx';
import { saveProviderDetails } from '../api/provider-profile.ts';
import {
  addressLine,
  type ProviderFormValues,
  providerFields,
  providerInput,
  providerValues,
} from '../utils/record-values.ts';

/** The Provider information tab: every field of SPEC §3 Provider; administrators change it, others read. */
export function ProviderDetailsForm({ profile }: { profile: ProviderProfile }) {
  const { t } = useTranslation(['provider-profile', 'common']);
  const queryClient = useQueryClient();
  const { provider, access } = profile;
  const conflictFields: ConflictField<ProviderFormValues>[] = [
    { label: t('details.name'), text: (v) => v.name },
    { label: t('details.address'), text: (v) => addressLine(v.address) },
    {
      label: t('details.billing'),
      text: (v) =>
        [v.billingName, v.billingStreet, [v.billingZipcode, v.billingCity].filter(Boolean).join(' ')]
          .filter(Boolean)
          .join(', '),
    },
    { label: t('details.taxCode'), text: (v) => v.taxCode },
    { label: t('details.requestsEmail'), text: (v) => v.requestsEmail },
    { label: t('details.contactPhone'), text: (v) => v.contactPhone },
    { label: t('details.contactEmail'), text: (v) => v.contactEmail },
    { label: t('details.url'), text: (v) => v.url },
    { label: t('details.description'), text: (v) => v.description },
  ];
  const { form, onSubmit, submitButton, conflict } = useRevisionedForm<
    ProviderFormValues,
    ProviderDetailsUpdate,
    ProviderRecord,
    ProviderRecord
  >({
    schema: ProviderDetailsUpdateSchema,
    mode: 'controlled',
    initialValues: providerValues(provider),
    toInput: providerInput,
    fields: providerFields,
    recordSchema: ProviderRecordSchema,
    toValues: providerValues,
    conflictFields,
    submit: (body) => saveProviderDetails(provider.id, body),
    onSuccess: async () => {
      toast.success(t('details.saved'));
      // The save confirmed the listing too (decision 0108): the provider area's banner reads it again.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: operationKey(operations.getProviderProfile) }),
        queryClient.invalidateQueries({ queryKey: operationKey(operations.getListingConfirmation) }),
      ]);
    },
  });

  const readOnly = !access.editProvider;
  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('tabs.details')}>
      <Stack gap="lg">
        {readOnly ? <Text c="dimmed">{t('details.readOnly')}</Text> : null}
        {conflict}
        <Fieldset legend={t('details.sections.organisation')} disabled={readOnly}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label={t('details.name')} withAsterisk {...form.getInputProps('name')} />
            <TextInput
              label={t('details.identificationCode')}
              description={t('details.identificationCodeHint')}
              value={provider.identificationCode ?? ''}
              readOnly
            />
            <TextInput label={t('details.taxCode')} {...form.getInputProps('taxCode')} />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('details.sections.address')} disabled={readOnly}>
          {readOnly ? (
            <Text>{addressLine(form.values.address)}</Text>
          ) : (
            <AddressFields form={form} name="address" label={t('details.address')} />
          )}
        </Fieldset>
        <Fieldset legend={t('details.sections.billing')} disabled={readOnly}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label={t('details.billingName')} {...form.getInputProps('billingName')} />
            <TextInput
              label={t('details.billingStreet')}
              autoComplete="off"
              {...form.getInputProps('billingStreet')}
            />
            <TextInput label={t('details.billingCity')} {...form.getInputProps('billingCity')} />
            <TextInput
              label={t('details.billingZipcode')}
              inputMode="numeric"
              {...form.getInputProps('billingZipcode')}
            />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('details.sections.contact')} disabled={readOnly}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('details.requestsEmail')}
              description={t('details.requestsEmailHint')}
              type="email"
              withAsterisk
              {...form.getInputProps('requestsEmail')}
            />
            <TextInput
              label={t('details.contactEmail')}
              description={t('details.publicHint')}
              type="email"
              {...form.getInputProps('contactEmail')}
            />
            <TextInput
              label={t('details.contactPhone')}
              description={t('details.phoneHint')}
              type="tel"
              {...form.getInputProps('contactPhone')}
            />
            <TextInput
              label={t('details.url')}
              description={t('details.urlHint')}
              type="url"
              {...form.getInputProps('url')}
            />
          </SimpleGrid>
          <Textarea
            mt="md"
            label={t('details.description')}
            autosize
            minRows={4}
            {...form.getInputProps('description')}
          />
        </Fieldset>
        {readOnly ? null : (
          <div>
            <AsyncButton type="submit" {...submitButton}>
              {t('details.save')}
            </AsyncButton>
          </div>
        )}
      </Stack>
    </form>
  );
}
