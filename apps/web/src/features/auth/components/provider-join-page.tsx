import {
  Anchor,
  Checkbox,
  Divider,
  Group,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  type Country,
  countries,
  type ProviderJoin,
  ProviderJoinSchema,
  providerFreeMonths,
} from '@opora/contracts';
import { IconBuildingHospital } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/components/overlays/toast.tsx';
import { AsyncButton } from '@/components/ui/async-button.tsx';
import { paths } from '@/config/paths.ts';
import { signIn } from '@/lib/auth/session-runtime.ts';
import { useContractForm } from '@/lib/forms/use-contract-form.ts';
import { useFormTranslation } from '@/lib/forms/use-form-translation.ts';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { AddressFields } from '@/shared-features/places/address-fields.tsx';
import { type AddressValues, emptyAddress } from '@/shared-features/places/place-address.ts';
import { useJoinAsProvider } from '../api/join-as-provider.ts';
import { AuthCard } from './auth-card.tsx';
import type { SignInLocationState } from './sign-in-page.tsx';
import { AccountFields, emptySignUpValues, type SignUpValues } from './sign-up-page.tsx';

/** The organisation's own fields as the inputs hold them; its addresses are `AddressValues`. */
type OrganisationValues = {
  name: string;
  identificationCode: string;
  taxCode: string;
  country: Country;
  billingName: string;
  requestsEmail: string;
  contactPhone: string;
  contactEmail: string;
  url: string;
  description: string;
};

export type ProviderJoinValues = SignUpValues & {
  organisation: OrganisationValues;
  address: AddressValues;
  /** The billing address is the address itself (the usual case): nothing more to type. */
  billingSameAsAddress: boolean;
  billingAddress: AddressValues;
};

export const emptyProviderJoinValues: ProviderJoinValues = {
  ...emptySignUpValues,
  organisation: {
    name: '',
    identificationCode: '',
    taxCode: '',
    country: 'CZ',
    billingName: '',
    requestsEmail: '',
    contactPhone: '',
    contactEmail: '',
    url: '',
    description: '',
  },
  address: emptyAddress,
  billingSameAsAddress: true,
  billingAddress: emptyAddress,
};

/** An address as the schemas take it: the chosen place's parts, not its names. */
function addressInput({ street, city, zipcode, countyCode }: AddressValues) {
  return { street, city, zipcode, countyCode };
}

/** The body `ProviderJoinSchema` checks: the billing address only when it differs from the address. */
export function toProviderJoinInput(values: ProviderJoinValues): unknown {
  const { organisation, address, billingSameAsAddress, billingAddress, ...account } = values;
  const { billingName, ...details } = organisation;
  return {
    ...account,
    fullName: `${account.firstName.trim()} ${account.lastName.trim()}`.trim(),
    organisation: {
      ...details,
      address: addressInput(address),
      billingAddress: billingSameAsAddress
        ? {}
        : {
            name: billingName,
            street: billingAddress.street,
            city: billingAddress.city,
            zipcode: billingAddress.zipcode,
          },
    },
  };
}

const organisationFields = [
  'name',
  'identificationCode',
  'taxCode',
  'country',
  'requestsEmail',
  'contactPhone',
  'contactEmail',
  'url',
  'description',
] as const;
const accountFields = Object.keys(emptySignUpValues);

/** Where each body property's error lands: an address's city and county are its place picker. */
export const providerJoinFields: Readonly<Record<string, string>> = {
  ...Object.fromEntries(accountFields.map((field) => [field, field])),
  ...Object.fromEntries(
    organisationFields.map((field) => [`organisation.${field}`, `organisation.${field}`]),
  ),
  'organisation.address': 'address.place',
  'organisation.address.street': 'address.street',
  'organisation.address.city': 'address.place',
  'organisation.address.countyCode': 'address.place',
  'organisation.address.zipcode': 'address.zipcode',
  'organisation.billingAddress.name': 'organisation.billingName',
  'organisation.billingAddress.street': 'billingAddress.street',
  'organisation.billingAddress.city': 'billingAddress.place',
  'organisation.billingAddress.zipcode': 'billingAddress.zipcode',
};

/** Hints of different lengths below side-by-side inputs, so the inputs stay aligned. */
const hintBelow: ('label' | 'input' | 'description' | 'error')[] = ['label', 'input', 'description', 'error'];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="md" component="fieldset" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Title order={2} size="h3" component="legend" mb="xs" p={0}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * `/provider/join` (issue 23 §1): an organisation joins — the provider's details and its
 * administrator's account in one form, checked by the schema the API uses. An IČO whose listing
 * nobody administers yet is claimed (the API decides); one that has an administrator is refused
 * beside the IČO. Joined, the person is signed in and lands in the provider area, whose banner says
 * the organisation awaits verification.
 */
export function ProviderJoinPage() {
  const { t } = useTranslation(['provider-join', 'auth', 'clients']);
  const { t: tForm } = useFormTranslation();
  const navigate = useNavigate();
  const { locale } = useLocale();
  const joinCall = useJoinAsProvider();

  const { form, onSubmit, submitButton } = useContractForm({
    schema: ProviderJoinSchema,
    initialValues: emptyProviderJoinValues,
    mode: 'controlled',
    toInput: toProviderJoinInput,
    fields: providerJoinFields,
    submit: (body: ProviderJoin) => joinCall.mutateAsync({ ...body, locale }),
    onSuccess: async (result, body) => {
      try {
        await signIn(body.email, body.password);
      } catch {
        // The organisation exists; only the sign-in failed (e.g. the identity server was busy).
        toast.success(t('success.joinedSignIn'));
        const state: SignInLocationState = { email: body.email };
        await navigate(paths.signIn.getHref(), { state, replace: true });
        return;
      }
      toast.success(t(result.claimed ? 'success.claimed' : 'success.joined'));
      await navigate(paths.providerHome.getHref(), { replace: true });
    },
    leavesOnSuccess: true,
  });
  const { values } = form;

  return (
    <AuthCard title={t('page.title')} intro={t('page.intro', { count: providerFreeMonths })} width={720}>
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="xl">
          <Section title={t('sections.organisation')}>
            <TextInput
              label={t('fields.name')}
              description={t('fields.nameHint')}
              autoComplete="organization"
              withAsterisk
              {...form.getInputProps('organisation.name')}
            />
            <Radio.Group
              label={t('fields.country')}
              size="md"
              withAsterisk
              {...form.getInputProps('organisation.country')}
            >
              <Group gap="lg" mt={6}>
                {countries.map((country) => (
                  <Radio key={country} value={country} size="md" label={t(`countries.${country}`)} />
                ))}
              </Group>
            </Radio.Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
              <TextInput
                label={t('fields.identificationCode')}
                inputWrapperOrder={hintBelow}
                description={t('fields.identificationCodeHint')}
                inputMode="numeric"
                autoComplete="off"
                withAsterisk
                {...form.getInputProps('organisation.identificationCode')}
              />
              <TextInput
                label={t('fields.taxCode')}
                inputWrapperOrder={hintBelow}
                description={t(`fields.taxCodeHint.${values.organisation.country}`)}
                autoComplete="off"
                {...form.getInputProps('organisation.taxCode')}
              />
            </SimpleGrid>
          </Section>

          <Section title={t('sections.address')}>
            <AddressFields form={form} name="address" label={t('fields.address')} />
            <Checkbox
              label={t('fields.billingSameAsAddress')}
              size="md"
              {...form.getInputProps('billingSameAsAddress', { type: 'checkbox' })}
            />
            {values.billingSameAsAddress ? null : (
              <Stack gap="md">
                <TextInput
                  label={t('fields.billingName')}
                  description={t('fields.billingNameHint')}
                  {...form.getInputProps('organisation.billingName')}
                />
                <AddressFields form={form} name="billingAddress" label={t('fields.billingAddress')} />
              </Stack>
            )}
          </Section>

          <Section title={t('sections.contacts')}>
            <TextInput
              label={t('fields.requestsEmail')}
              description={t('fields.requestsEmailHint')}
              type="email"
              inputMode="email"
              autoComplete="email"
              withAsterisk
              {...form.getInputProps('organisation.requestsEmail')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
              <TextInput
                label={t('fields.contactPhone')}
                inputWrapperOrder={hintBelow}
                description={t('fields.contactPhoneHint')}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                {...form.getInputProps('organisation.contactPhone')}
              />
              <TextInput
                label={t('fields.contactEmail')}
                inputWrapperOrder={hintBelow}
                description={t('fields.contactEmailHint')}
                type="email"
                inputMode="email"
                {...form.getInputProps('organisation.contactEmail')}
              />
            </SimpleGrid>
            <TextInput
              label={t('fields.url')}
              description={t('fields.urlHint')}
              type="url"
              inputMode="url"
              autoComplete="url"
              {...form.getInputProps('organisation.url')}
            />
            <Textarea
              size="md"
              label={t('fields.description')}
              description={t('fields.descriptionHint')}
              autosize
              minRows={3}
              maxRows={10}
              {...form.getInputProps('organisation.description')}
            />
          </Section>

          <Divider />

          <Section title={t('sections.account')}>
            <Text c="dimmed" mt={-8}>
              {t('accountHint')}
            </Text>
            <AccountFields form={form} />
          </Section>

          <AsyncButton
            type="submit"
            size="lg"
            fullWidth
            // Slovak and English labels are long for a phone: they wrap rather than being cut.
            h="auto"
            mih={50}
            styles={{ label: { whiteSpace: 'normal', textAlign: 'center', paddingBlock: 8 } }}
            {...submitButton}
            leftSection={<IconBuildingHospital size={20} aria-hidden />}
          >
            {t('submit')}
          </AsyncButton>
          <Text ta="center">
            {tForm('signUp.haveAccount')}{' '}
            <Anchor component={Link} to={paths.signIn.getHref()} fw={600} style={{ whiteSpace: 'nowrap' }}>
              {tForm('signUp.signInLink')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
