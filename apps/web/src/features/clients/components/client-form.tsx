import { Checkbox, Group, NativeSelect, Stack, Switch, Text } from '@mantine/core';
import {
  type Client,
  type ClientCreate,
  ClientCreateSchema,
  type ClientUpdate,
  ClientUpdateSchema,
  formatDisplayDate,
} from '@opora/contracts';
import { IconDeviceFloppy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AsyncButton } from '@/components/ui/async-button.tsx';
import { type ContractFormOptions, useContractForm } from '@/lib/forms/use-contract-form.ts';
import { useSessionUser } from '@/lib/session.ts';
import {
  ClientAddressSection,
  ClientContactSection,
  ClientIdentityFields,
  ClientPeopleSection,
  FormSection,
} from '@/shared-features/client-form/client-person-fields.tsx';
import { useRelationshipTypes } from '../api/list-relationship-types.ts';
import {
  type ClientFormValues,
  clientFormFields,
  toClientCreateInput,
  toClientUpdateInput,
  updateNeedsConsent,
} from '../utils/client-form-values.ts';

/** A new client (in a wizard's case) or the stored one, and how its body is sent. */
type Mode =
  | { kind: 'create'; caseId?: string; submit: (body: ClientCreate) => Promise<unknown> }
  | { kind: 'update'; client: Client; submit: (body: ClientUpdate) => Promise<unknown> };

type ClientBody = ClientCreate | ClientUpdate;

/**
 * The contracts' schema of the mode, which the browser runs before sending (trimmed, phones as
 * E.164, birth number as digits), and the call that sends what it parsed.
 */
function contractOf(
  mode: Mode,
): Pick<ContractFormOptions<ClientFormValues, ClientBody, unknown>, 'schema' | 'toInput' | 'submit'> {
  if (mode.kind === 'create') {
    const { caseId, submit } = mode;
    return {
      schema: ClientCreateSchema,
      toInput: (values) => toClientCreateInput(values, caseId),
      // The body ClientCreateSchema parsed.
      submit: (body) => submit(body as ClientCreate),
    };
  }
  const { submit } = mode;
  return {
    schema: ClientUpdateSchema,
    toInput: toClientUpdateInput,
    // The body ClientUpdateSchema parsed.
    submit: (body) => submit(body as ClientUpdate),
  };
}

export type ClientFormProps = {
  mode: Mode;
  initialValues: ClientFormValues;
  submitLabel: string;
  /** Once saved; the server's field errors land beside their fields, anything else in a toast. */
  onSuccess: () => unknown;
  /** The page goes elsewhere once saved: the button stays busy. */
  leavesOnSuccess?: boolean;
  onValuesChange?: (values: ClientFormValues) => void;
  /** Shown beside the submit button (cancel editing). */
  secondaryAction?: ReactNode;
};

/**
 * The client form (SPEC §3): who the client is, contacts, permanent residence and where care is
 * given, the contact person and the attending doctor, and (new clients) the consent to process
 * health data, given for oneself or on the client's behalf. Shared by the new-client wizard step
 * and the client's details.
 */
export function ClientForm({
  mode,
  initialValues,
  submitLabel,
  onSuccess,
  leavesOnSuccess,
  onValuesChange,
  secondaryAction,
}: ClientFormProps) {
  const { t } = useTranslation(['clients', 'enums']);
  const relationshipTypes = useRelationshipTypes();
  const { form, onSubmit, submitButton } = useContractForm({
    ...contractOf(mode),
    mode: 'controlled',
    initialValues,
    fields: clientFormFields,
    onSuccess,
    leavesOnSuccess,
    onValuesChange,
  });
  const { values } = form;
  const stored = mode.kind === 'update' ? mode.client : null;
  const user = useSessionUser();

  const relationshipOptions = (relationshipTypes.data ?? [])
    .filter((type) => type.code !== 'self')
    .map((type) => ({ value: type.id, label: t(`enums:relationshipType.${type.code}`) }));
  const fullName = `${values.firstName} ${values.lastName}`.trim();

  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="lg">
        <FormSection title={t('form.sections.person')}>
          <Switch
            size="md"
            label={t('form.isClient')}
            description={t('form.isClientHint')}
            {...form.getInputProps('isClient', { type: 'checkbox' })}
            onChange={(event) => {
              const isClient = event.currentTarget.checked;
              form.setFieldValue('isClient', isClient);
              // Someone entering themselves need not type their own name again.
              if (isClient && user && values.firstName === '' && values.lastName === '') {
                form.setFieldValue('firstName', user.firstName);
                form.setFieldValue('lastName', user.lastName);
              }
            }}
          />
          {values.isClient ? null : (
            <NativeSelect
              label={t('form.relationship')}
              description={t('form.relationshipHint')}
              withAsterisk
              data={[
                {
                  value: '',
                  label: relationshipTypes.isError ? t('form.relationshipError') : t('form.choose'),
                },
                ...relationshipOptions,
              ]}
              {...form.getInputProps('relationshipTypeId')}
            />
          )}
          <ClientIdentityFields
            form={form}
            own={values.isClient}
            birthNumberHint={
              stored?.birthNumberMasked && !values.removeBirthNumber
                ? t('form.birthNumberStored', { masked: stored.birthNumberMasked })
                : undefined
            }
            birthNumberDisabled={values.removeBirthNumber}
          >
            {stored?.birthNumberMasked ? (
              <Checkbox
                size="md"
                label={t('form.removeBirthNumber')}
                {...form.getInputProps('removeBirthNumber', { type: 'checkbox' })}
              />
            ) : null}
          </ClientIdentityFields>
        </FormSection>

        <ClientContactSection form={form} own={values.isClient} />
        <ClientAddressSection form={form} />
        <ClientPeopleSection form={form} />

        {stored === null || updateNeedsConsent(stored, values.isClient) ? (
          <FormSection title={t('form.sections.consent')}>
            <Checkbox
              size="md"
              label={
                values.isClient
                  ? t('form.consentSelf')
                  : fullName
                    ? t('form.consentOnBehalf', { name: fullName })
                    : t('form.consentOnBehalfUnnamed')
              }
              description={t('form.consentHint')}
              {...form.getInputProps('healthDataConsent', { type: 'checkbox' })}
            />
          </FormSection>
        ) : stored.healthDataConsent ? (
          <Text c="dimmed">
            {t(stored.healthDataConsent.onBehalf ? 'details.consentOnBehalf' : 'details.consentSelf', {
              by: stored.healthDataConsent.grantedBy,
              date: formatDisplayDate(stored.healthDataConsent.grantedAt.slice(0, 10)),
            })}
          </Text>
        ) : null}

        <Group gap="sm">
          <AsyncButton
            type="submit"
            size="lg"
            {...submitButton}
            leftSection={<IconDeviceFloppy size={20} aria-hidden />}
          >
            {submitLabel}
          </AsyncButton>
          {secondaryAction}
        </Group>
      </Stack>
    </form>
  );
}
