import { Checkbox, Group, Paper, Radio, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { sexValues, todayIsoDate } from '@opora/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AddressFields } from '@/shared-features/places/address-fields.tsx';
import type { ClientPersonValues } from './client-person-values.ts';

// The client form's parts for the client's own details (SPEC §3), shared by the carer's client form
// and a provider's form for its own client. Their texts are the `clients` namespace's `form.*`.

const earliestDateOfBirth = '1900-01-01';

/** Hints of different lengths below the inputs, so side-by-side inputs stay aligned. */
const hintBelow: ('label' | 'input' | 'description' | 'error')[] = ['label', 'input', 'description', 'error'];

/** A form holding the client's details among its values. */
type PersonForm<Values extends ClientPersonValues> = { form: UseFormReturnType<Values> };

/** Mantine's path types cannot follow a generic form: the client's part of it, as its fields name it. */
function personForm<Values extends ClientPersonValues>(
  form: UseFormReturnType<Values>,
): UseFormReturnType<ClientPersonValues> {
  return form as unknown as UseFormReturnType<ClientPersonValues>;
}

/** A titled part of the form. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
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

/**
 * Name, date of birth, birth number and sex. `own`: the person fills in their own details (the
 * browser may offer theirs). `children` go below the birth number (removing a stored one).
 */
export function ClientIdentityFields<Values extends ClientPersonValues>({
  form: anyForm,
  own = false,
  birthNumberHint,
  birthNumberDisabled = false,
  children,
}: PersonForm<Values> & {
  own?: boolean;
  birthNumberHint?: string;
  birthNumberDisabled?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation('clients');
  const form = personForm(anyForm);
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={t('form.firstName')}
          withAsterisk
          autoComplete={own ? 'given-name' : 'off'}
          {...form.getInputProps('firstName')}
        />
        <TextInput
          label={t('form.lastName')}
          withAsterisk
          autoComplete={own ? 'family-name' : 'off'}
          {...form.getInputProps('lastName')}
        />
        <TextInput
          type="date"
          label={t('form.dateOfBirth')}
          withAsterisk
          min={earliestDateOfBirth}
          max={todayIsoDate()}
          inputWrapperOrder={hintBelow}
          autoComplete={own ? 'bday' : 'off'}
          {...form.getInputProps('dateOfBirth')}
        />
        <TextInput
          label={t('form.birthNumber')}
          description={birthNumberHint ?? t('form.birthNumberHint')}
          inputMode="numeric"
          maxLength={11}
          autoComplete="off"
          inputWrapperOrder={hintBelow}
          disabled={birthNumberDisabled}
          {...form.getInputProps('birthNumber')}
          onChange={(event) =>
            form.setFieldValue('birthNumber', event.currentTarget.value.replace(/[^\d]/g, ''))
          }
        />
      </SimpleGrid>
      {children}
      <Radio.Group label={t('form.sex')} withAsterisk {...form.getInputProps('sex')}>
        <Group gap="lg" mt="xs">
          {sexValues.map((sex) => (
            <Radio key={sex} size="md" value={sex} label={t(`form.sexOptions.${sex}`)} />
          ))}
        </Group>
      </Radio.Group>
    </>
  );
}

/** The contacts section: e-mail and phone. */
export function ClientContactSection<Values extends ClientPersonValues>({
  form: anyForm,
  own = false,
  intro,
}: PersonForm<Values> & { own?: boolean; intro?: string }) {
  const { t } = useTranslation('clients');
  const form = personForm(anyForm);
  return (
    <FormSection title={t('form.sections.contact')}>
      <Text c="dimmed">{intro ?? t('form.contactIntro')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={t('form.email')}
          type="email"
          inputMode="email"
          autoComplete={own ? 'email' : 'off'}
          inputWrapperOrder={hintBelow}
          {...form.getInputProps('email')}
        />
        <TextInput
          label={t('form.phone')}
          description={t('form.phoneHint')}
          type="tel"
          inputMode="tel"
          autoComplete={own ? 'tel' : 'off'}
          inputWrapperOrder={hintBelow}
          {...form.getInputProps('phone')}
        />
      </SimpleGrid>
    </FormSection>
  );
}

/** The address section: permanent residence (autocomplete) and, when it differs, where care is given. */
export function ClientAddressSection<Values extends ClientPersonValues>({
  form: anyForm,
  serviceAddressHint,
}: PersonForm<Values> & { serviceAddressHint?: string }) {
  const { t } = useTranslation('clients');
  const form = personForm(anyForm);
  return (
    <FormSection title={t('form.sections.address')}>
      <AddressFields form={form} name="residence" label={t('form.residence')} />
      <Checkbox
        size="md"
        label={t('form.serviceAddressDiffers')}
        description={serviceAddressHint ?? t('form.serviceAddressDiffersHint')}
        {...form.getInputProps('serviceAddressDiffers', { type: 'checkbox' })}
      />
      {form.values.serviceAddressDiffers ? (
        <AddressFields form={form} name="serviceAddress" label={t('form.serviceAddress')} />
      ) : null}
    </FormSection>
  );
}

function PersonFields({
  form,
  name,
  title,
  toggle,
  hint,
}: {
  form: UseFormReturnType<ClientPersonValues>;
  name: 'contactPerson' | 'attendingDoctor';
  title: string;
  toggle: string;
  hint?: string | undefined;
}) {
  const { t } = useTranslation('clients');
  const flag = name === 'contactPerson' ? 'hasContactPerson' : 'hasAttendingDoctor';
  return (
    <Stack gap="sm">
      <Checkbox
        size="md"
        label={toggle}
        description={hint ?? t(`form.${name}Hint`)}
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

/**
 * The people around the client: the contact person and the attending doctor, each behind its switch.
 * `contactPersonHint` says what the contact person is for to whoever fills the form in.
 */
export function ClientPeopleSection<Values extends ClientPersonValues>({
  form: anyForm,
  contactPersonHint,
}: PersonForm<Values> & { contactPersonHint?: string }) {
  const { t } = useTranslation('clients');
  const form = personForm(anyForm);
  return (
    <FormSection title={t('form.sections.people')}>
      <PersonFields
        form={form}
        name="contactPerson"
        title={t('form.contactPerson')}
        toggle={t('form.addContactPerson')}
        hint={contactPersonHint}
      />
      <PersonFields
        form={form}
        name="attendingDoctor"
        title={t('form.attendingDoctor')}
        toggle={t('form.addAttendingDoctor')}
      />
    </FormSection>
  );
}
