import { Alert, Anchor, Group, Stack, Text, TextInput } from '@mantine/core';
import { type SignInForm, SignInFormSchema } from '@opora/contracts';
import { IconAlertCircle, IconLogin2 } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AsyncButton } from '@/components/ui/async-button.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { apiErrorMessageKeys } from '@/lib/api-error-message.ts';
import { SignInError, signIn } from '@/lib/auth/session-runtime.ts';
import { PasswordField } from '@/lib/forms/account-fields.tsx';
import { useContractForm } from '@/lib/forms/use-contract-form.ts';
import { type FormT, useFormTranslation } from '@/lib/forms/use-form-translation.ts';
import { returnPathIn, signUpHref } from '@/lib/return-path.ts';
import { AuthCard } from './auth-card.tsx';
import { ProviderClaims } from './provider-claims.tsx';

/**
 * What the sign-up page hands over: the address, so the new user does not type it twice. Whether the
 * account is new is not handed over: `redirectAfterLogin` reads it from the account (no client yet).
 */
export type SignInLocationState = { email?: string };

function signInFailureMessage(t: FormT, error: unknown): string {
  if (error instanceof SignInError) {
    switch (error.failure) {
      case 'invalidCredentials':
        return t('errors:InvalidUserCredentials');
      case 'rateLimited':
        return t('errors:RateLimited');
      case 'unavailable':
        return t('errors:ServiceUnavailable');
      default:
        return t('errors:unknown');
    }
  }
  return error instanceof ApiError ? t(apiErrorMessageKeys(error)) : t('errors:unknown');
}

/**
 * `/login` (SPEC §2): e-mail and password; a signed-in user never sees it (the guard redirects).
 * Signed in, the person goes back to the page that sent them here (`?redirectTo=`), else to
 * `redirectAfterLogin` (which leads an account without clients on to the new-client wizard).
 */
export function SignInPage() {
  const { t } = useFormTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const state = location.state as SignInLocationState | null;
  const handedOver = state?.email ?? '';
  const returnTo = returnPathIn(search);
  // A page to return to wins: a guest who asked for a service comes back to it.
  const next = returnTo ?? paths.redirectAfterLogin.getHref();

  // The banner reads the call's state: a refusal is said above the fields, not in a toast.
  const signInCall = useMutation({
    mutationFn: (values: SignInForm) => signIn(values.username, values.password),
  });
  const { form, onSubmit, submitButton } = useContractForm({
    schema: SignInFormSchema,
    initialValues: { username: handedOver, password: '' },
    submit: (values) => signInCall.mutateAsync(values),
    onSuccess: () => navigate(next, { replace: true }),
    leavesOnSuccess: true,
    onError: () => true,
    // The banner never sits beside a field error.
    onInvalid: () => signInCall.reset(),
    // A refusal answers the values that were sent: once they change, its banner no longer applies.
    onValuesChange: () => {
      if (signInCall.isError) signInCall.reset();
    },
  });

  return (
    <Stack gap="lg">
      <AuthCard title={t('signIn.title')} intro={t('signIn.intro')}>
        <form noValidate onSubmit={onSubmit}>
          <Stack gap="md">
            {signInCall.isError ? (
              <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden />}>
                {signInFailureMessage(t, signInCall.error)}
              </Alert>
            ) : null}
            <TextInput
              label={t('fields.email')}
              type="email"
              autoComplete="username"
              inputMode="email"
              withAsterisk
              autoFocus={handedOver === ''}
              key={form.key('username')}
              {...form.getInputProps('username')}
            />
            <PasswordField
              label={t('fields.password')}
              autoComplete="current-password"
              autoFocus={handedOver !== ''}
              key={form.key('password')}
              {...form.getInputProps('password')}
            />
            <Group justify="flex-end">
              <Anchor component={Link} to={paths.signInRestore.getHref()}>
                {t('signIn.forgotPassword')}
              </Anchor>
            </Group>
            <AsyncButton
              type="submit"
              size="lg"
              fullWidth
              {...submitButton}
              leftSection={<IconLogin2 size={20} aria-hidden />}
            >
              {t('signIn.submit')}
            </AsyncButton>
            <Text ta="center">
              {t('signIn.noAccount')}{' '}
              <Anchor component={Link} to={signUpHref(returnTo)} fw={600} style={{ whiteSpace: 'nowrap' }}>
                {t('signIn.signUpLink')}
              </Anchor>
            </Text>
          </Stack>
        </form>
      </AuthCard>
      <ProviderClaims />
    </Stack>
  );
}
