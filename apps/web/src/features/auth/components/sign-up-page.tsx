import { Anchor, Checkbox, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { type SignUpForm, SignUpFormSchema } from '@opora/contracts';
import { IconUserPlus } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/components/overlays/toast.tsx';
import { AsyncButton } from '@/components/ui/async-button.tsx';
import { paths } from '@/config/paths.ts';
import { NameField, NewPasswordField, PhoneField } from '@/lib/forms/account-fields.tsx';
import { useContractForm } from '@/lib/forms/use-contract-form.ts';
import { useFormTranslation } from '@/lib/forms/use-form-translation.ts';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { returnPathIn, signInHref } from '@/lib/return-path.ts';
import { useSignUp } from '../api/sign-up.ts';
import { AuthCard } from './auth-card.tsx';
import type { SignInLocationState } from './sign-in-page.tsx';

export type SignUpValues = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
  privacyPolicy: boolean;
  marketingAccept: boolean;
};

/** SPEC §3 lists `fullName` beside the two names: it is derived from them, never typed twice. */
export function toSignUpForm(values: SignUpValues): SignUpForm {
  return { ...values, fullName: `${values.firstName.trim()} ${values.lastName.trim()}`.trim() } as SignUpForm;
}

function NewTabLink({ to, children }: { to: string; children?: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <Anchor href={to} target="_blank" rel="noopener">
      {children}
      <span className="visually-hidden"> ({t('footer.opensInNewTab')})</span>
    </Anchor>
  );
}

export const emptySignUpValues: SignUpValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  password: '',
  privacyPolicy: false,
  marketingAccept: false,
};

/**
 * The account's fields of a sign-up (SPEC §3): names, e-mail, phone, password, the consent to the
 * terms and to data processing, and marketing. The carer's sign-up and an organisation joining (its
 * administrator's account) both show them, on a form holding `SignUpValues` at its top level.
 */
export function AccountFields<Values extends SignUpValues>({ form }: { form: UseFormReturnType<Values> }) {
  const { t } = useFormTranslation();
  // Mantine's path types cannot follow a generic form: the fields are those of `SignUpValues`.
  const fields = form as unknown as UseFormReturnType<SignUpValues>;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <NameField part="firstName" key={fields.key('firstName')} {...fields.getInputProps('firstName')} />
        <NameField part="lastName" key={fields.key('lastName')} {...fields.getInputProps('lastName')} />
      </SimpleGrid>
      <TextInput
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        withAsterisk
        key={fields.key('email')}
        {...fields.getInputProps('email')}
      />
      <PhoneField withAsterisk key={fields.key('phone')} {...fields.getInputProps('phone')} />
      <NewPasswordField
        label={t('fields.password')}
        key={fields.key('password')}
        {...fields.getInputProps('password')}
      />
      <Checkbox
        label={
          <Trans
            t={t}
            i18nKey="signUp.consent"
            components={{
              terms: <NewTabLink to={paths.termsAndConditions.getHref()} />,
              gdpr: <NewTabLink to={paths.gdpr.getHref()} />,
            }}
          />
        }
        size="md"
        key={fields.key('privacyPolicy')}
        {...fields.getInputProps('privacyPolicy', { type: 'checkbox' })}
      />
      <Checkbox
        label={t('signUp.marketing')}
        size="md"
        key={fields.key('marketingAccept')}
        {...fields.getInputProps('marketingAccept', { type: 'checkbox' })}
      />
    </>
  );
}

/**
 * `/registration` (SPEC §2, §3): creates an account; the e-mail address is confirmed by a link. A page
 * to return to (`?redirectTo=`) is handed on to sign-in, which goes there once signed in; without one,
 * sign-in leads an account without clients on to the new-client wizard (`redirectAfterLogin`).
 */
export function SignUpPage() {
  const { t } = useFormTranslation();
  const [search] = useSearchParams();
  return (
    <AuthCard title={t('signUp.title')} intro={t('signUp.intro')} width={600}>
      <SignUpFields returnTo={returnPathIn(search)} />
    </AuthCard>
  );
}

/**
 * The sign-up form; once the account exists, sign-in (with the e-mail filled in) goes on to
 * `returnTo` — the anonymous wizard's register step uses it with the step's own path, so the guest's
 * case is claimed wherever the new account lands.
 */
export function SignUpFields({ returnTo }: { returnTo: string | null }) {
  const { t } = useFormTranslation();
  const navigate = useNavigate();
  const { locale } = useLocale();
  const signUpCall = useSignUp();

  const initialValues = emptySignUpValues;
  const { form, onSubmit, submitButton } = useContractForm({
    schema: SignUpFormSchema,
    initialValues,
    toInput: toSignUpForm,
    submit: (body) => signUpCall.mutateAsync({ ...body, locale }),
    onSuccess: (_, body) => {
      toast.success(t('signUp.success'));
      const state: SignInLocationState = { email: body.email };
      void navigate(signInHref(returnTo), { state });
    },
    leavesOnSuccess: true,
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="md">
        <AccountFields form={form} />
        <AsyncButton
          type="submit"
          size="lg"
          fullWidth
          {...submitButton}
          leftSection={<IconUserPlus size={20} aria-hidden />}
        >
          {t('signUp.submit')}
        </AsyncButton>
        <Text ta="center">
          {t('signUp.haveAccount')}{' '}
          <Anchor component={Link} to={signInHref(returnTo)} fw={600} style={{ whiteSpace: 'nowrap' }}>
            {t('signUp.signInLink')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
