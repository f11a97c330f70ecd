import { Button, Checkbox, Group, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  type FacilityDetails,
  FacilityDetailsSchema,
  type FacilityDetailsUpdate,
  FacilityDetailsUpdateSchema,
  type FacilityRecord,
  FacilityRecordSchema,
  type PlaceAddress,
} from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/overlays/toast.tsx';
import { AsyncButton } from '@/components/ui/async-button.tsx';
import { type ConflictField, useRevisionedForm } from '@/lib/forms/use-revisioned-form.tsx';
import { operationKey } from '@/lib/operations.ts';
import { AddressFields } from '@/shared-features/places/address-fields.tsx';
import { createFacility, saveFacility } from '../api/provider-profile.ts';
import {
  addressLine,
  emptyFacility,
  type FacilityFormValues,
  facilityFields,
  facilityInput,
  facilityValues,
} from '../utils/record-values.ts';

/**
 * A facility's information (add, or edit at its revision): name, type, web, description and its
 * address through the address autocomplete (the county the catalogue needs comes with the place), or
 * "same as provider": the provider's address and contacts, shown from the provider.
 */
export function FacilityForm({
  providerId,
  providerAddress,
  facility,
  readOnly = false,
  onCreated,
  onCancel,
}: {
  providerId: string;
  providerAddress: PlaceAddress;
  /** The facility edited; none for a new one. */
  facility?: FacilityRecord;
  readOnly?: boolean;
  onCreated?: (facility: FacilityRecord) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('provider-profile');
  const queryClient = useQueryClient();
  const conflictFields: ConflictField<FacilityFormValues>[] = [
    { label: t('facility.name'), text: (v) => v.name },
    { label: t('facility.type'), text: (v) => v.type },
    { label: t('facility.web'), text: (v) => v.web },
    { label: t('facility.description'), text: (v) => v.description },
    {
      label: t('facility.address'),
      text: (v) => (v.sameAsProvider ? t('facility.sameAsProvider') : addressLine(v.address)),
    },
  ];
  const { form, onSubmit, submitButton, conflict } = useRevisionedForm<
    FacilityFormValues,
    FacilityDetails | FacilityDetailsUpdate,
    FacilityRecord,
    FacilityRecord
  >({
    schema: facility ? FacilityDetailsUpdateSchema : FacilityDetailsSchema,
    mode: 'controlled',
    initialValues: facility ? facilityValues(facility) : emptyFacility,
    toInput: (values) => {
      const input = facilityInput(values);
      if (facility) return input;
      const { revision: _new, ...created } = input;
      return created;
    },
    fields: facilityFields,
    recordSchema: FacilityRecordSchema,
    toValues: facilityValues,
    conflictFields,
    submit: (body) =>
      facility
        ? saveFacility(providerId, facility.id, body as FacilityDetailsUpdate)
        : createFacility(providerId, body as FacilityDetails),
    leavesOnSuccess: !facility,
    onSuccess: async (saved) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: operationKey(operations.getProviderProfile) }),
        queryClient.invalidateQueries({ queryKey: operationKey(operations.getProviderFacility) }),
        queryClient.invalidateQueries({ queryKey: operationKey(operations.getListingConfirmation) }),
      ]);
      if (facility) {
        toast.success(t('facility.saved'));
      } else {
        toast.success(t('facility.added', { name: saved.name }));
        onCreated?.(saved);
      }
    },
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={t(facility ? 'facility.editLabel' : 'facility.addTitle')}
    >
      <Stack gap="md">
        {readOnly ? <Text c="dimmed">{t('details.readOnly')}</Text> : null}
        {conflict}
        <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput label={t('facility.name')} withAsterisk {...form.getInputProps('name')} />
              <TextInput
                label={t('facility.type')}
                description={t('facility.typeHint')}
                {...form.getInputProps('type')}
              />
              <TextInput
                label={t('facility.web')}
                description={t('details.urlHint')}
                type="url"
                {...form.getInputProps('web')}
              />
            </SimpleGrid>
            <Textarea
              label={t('facility.description')}
              autosize
              minRows={3}
              {...form.getInputProps('description')}
            />
            <Checkbox
              label={t('facility.sameAsProvider')}
              description={t('facility.sameAsProviderHint')}
              {...form.getInputProps('sameAsProvider', { type: 'checkbox' })}
            />
            {form.values.sameAsProvider ? (
              <Text>
                {t('facility.providerAddress', {
                  address: addressLine(providerAddress) || t('facility.noAddress'),
                })}
              </Text>
            ) : readOnly ? (
              <Text>{addressLine(form.values.address)}</Text>
            ) : (
              <AddressFields form={form} name="address" label={t('facility.address')} />
            )}
          </Stack>
        </fieldset>
        {readOnly ? null : (
          <Group gap="sm" justify={facility ? 'flex-start' : 'flex-end'}>
            {onCancel ? (
              <Button variant="default" onClick={onCancel}>
                {t('contacts.cancel')}
              </Button>
            ) : null}
            <AsyncButton type="submit" {...submitButton}>
              {t(facility ? 'facility.save' : 'facility.create')}
            </AsyncButton>
          </Group>
        )}
      </Stack>
    </form>
  );
}
