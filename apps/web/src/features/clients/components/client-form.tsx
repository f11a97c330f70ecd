import {
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  type Client,
  type ClientCreate,
  ClientCreateSchema,
  type ClientUpdate,
  ClientUpdateSchema,
  formatDisplayDate,
  sexValues,
  todayIsoDate,
} from '@opora/contracts';
import { IconDeviceFloppy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AsyncButton } from '@/components/ui/async-button.tsx';
import { type ContractFormOptions, useContractForm } from '@/lib/forms/use-contract-form.ts';
import { useSessionUser } from '@/lib/session.ts';
import { AddressFields } from '@/shared-features/address/address-fields.tsx';
import { useRelationshipTypes } from '../api/list-relationship-types.ts';
import {
  type ClientFormValues,
  clientFormFields,
  toClientCreateInput,
  toClientUpdateInput,
  updateNeedsConsent,
} from '../utils/client-form-values.ts';

const earliestDateOfBirth = '1900-01-01';

/** Hints of different lengths below the inputs, so side-by-side inputs stay aligned. */
const hintBelow: ('label' | 'input' | 'description' | 'error')[] = ['label', 'input', 'description', 'error'];

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

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section">
      <Stack gap="md">
        <Title order={2} fz="h3">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function PersonFields({
  form,
  name,
  title,
  toggle,
}: {
  form: UseFormReturnType<ClientFormValues>;
  name: 'contactPerson' | 'attendingDoctor';
  title: string;
  toggle: string;
}) {
  const { t } = useTranslation('clients');
  const flag = name === 'contactPerson' ? 'hasContactPerson' : 'hasAttendingDoctor';
  return (
    <Stack gap="sm">
      <Checkbox
        size="md"
        label={toggle}
        description={t(`form.${name}Hint`)}
        {...form.getInputProps(flag, { type: 'checkbox' })}
      />
      {form.values[flag] ? (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" role="group" aria-label={title}>
          <TextInput
            label={t('form.firstName')}
            withAsterisk
            autoComplete="off"
            {...form.getInputProps(`${name}.firstName`)}
          />
          <TextInput
            label={t('form.lastName')}
            withAsterisk
            autoComplete="off"
            {...form.getInputProps(`${name}.lastName`)}
          />
          <TextInput
            label={t('form.phone')}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            {...form.getInputProps(`${name}.phone`)}
          />
        </SimpleGrid>
      ) : null}
    </Stack>
  );
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
        <Section title={t('form.sections.person')}>
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
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('form.firstName')}
              withAsterisk
              autoComplete={values.isClient ? 'given-name' : 'off'}
              {...form.getInputProps('firstName')}
            />
            <TextInput
              label={t('form.lastName')}
              withAsterisk
              autoComplete={values.isClient ? 'family-name' : 'off'}
              {...form.getInputProps('lastName')}
            />
            <TextInput
              type="date"
              label={t('form.dateOfBirth')}
              withAsterisk
              min={earliestDateOfBirth}
              max={todayIsoDate()}
              inputWrapperOrder={hintBelow}
              autoComplete={values.isClient ? 'bday' : 'off'}
              {...form.getInputProps('dateOfBirth')}
            />
            <TextInput
              label={t('form.birthNumber')}
              description={
                stored?.birthNumberMasked && !values.removeBirthNumber
                  ? t('form.birthNumberStored', { masked: stored.birthNumberMasked })
                  : t('form.birthNumberHint')
              }
              inputMode="numeric"
              maxLength={11}
              autoComplete="off"
              inputWrapperOrder={hintBelow}
              disabled={values.removeBirthNumber}
              {...form.getInputProps('birthNumber')}
              onChange={(event) =>
                form.setFieldValue('birthNumber', event.currentTarget.value.replace(/[^\d]/g, ''))
              }
            />
          </SimpleGrid>
          {stored?.birthNumberMasked ? (
            <Checkbox
              size="md"
              label={t('form.removeBirthNumber')}
              {...form.getInputProps('removeBirthNumber', { type: 'checkbox' })}
            />
          ) : null}
          <Radio.Group label={t('form.sex')} withAsterisk {...form.getInputProps('sex')}>
            <Group gap="lg" mt="xs">
              {sexValues.map((sex) => (
                <Radio key={sex} size="md" value={sex} label={t(`form.sexOptions.${sex}`)} />
              ))}
            </Group>
          </Radio.Group>
        </Section>

        <Section title={t('form.sections.contact')}>
          <Text c="dimmed">{t('form.contactIntro')}</Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('form.email')}
              type="email"
              inputMode="email"
              autoComplete={values.isClient ? 'email' : 'off'}
              inputWrapperOrder={hintBelow}
              {...form.getInputProps('email')}
            />
            <TextInput
              label={t('form.phone')}
              description={t('form.phoneHint')}
              type="tel"
              inputMode="tel"
              autoComplete={values.isClient ? 'tel' : 'off'}
              inputWrapperOrder={hintBelow}
              {...form.getInputProps('phone')}
            />
          </SimpleGrid>
        </Section>

        <Section title={t('form.sections.address')}>
          <AddressFields form={form} name="residence" label={t('form.residence')} />
          <Checkbox
            size="md"
            label={t('form.serviceAddressDiffers')}
            description={t('form.serviceAddressDiffersHint')}
            {...form.getInputProps('serviceAddressDiffers', { type: 'checkbox' })}
          />
          {values.serviceAddressDiffers ? (
            <AddressFields form={form} name="serviceAddress" label={t('form.serviceAddress')} />
          ) : null}
        </Section>

        <Section title={t('form.sections.people')}>
          <PersonFields
            form={form}
            name="contactPerson"
            title={t('form.contactPerson')}
            toggle={t('form.addContactPerson')}
          />
          <PersonFields
            form={form}
            name="attendingDoctor"
            title={t('form.attendingDoctor')}
            toggle={t('form.addAttendingDoctor')}
          />
        </Section>

        {stored === null || updateNeedsConsent(stored, values.isClient) ? (
          <Section title={t('form.sections.consent')}>
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
          </Section>
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
