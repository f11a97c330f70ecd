import { Alert, Anchor, Stack } from '@mantine/core';
import { ResetPasswordFormSchema } from '@opora/contracts';
import { IconAlertCircle, IconKey } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/components/overlays/toast.tsx';
import { AsyncButton } from '@/components/ui/async-button.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { BackToSignInLink, NewPasswordField, PasswordField } from '@/lib/forms/account-fields.tsx';
import { useContractForm } from '@/lib/forms/use-contract-form.ts';
import { useFormTranslation } from '@/lib/forms/use-form-translation.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { AuthCard } from './auth-card.tsx';

function isUnusableLink(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'InvalidOrExpiredToken';
}

/** `/reset-password?token=…` (SPEC §2): the link from the e-mail leads here to set a new password. */
export function ResetPasswordPage() {
  const { t } = useFormTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const resetCall = useResetPassword();
  const { form, onSubmit, submitButton } = useContractForm({
    schema: ResetPasswordFormSchema,
    initialValues: { password: '', confirmPassword: '' },
    submit: ({ password }) => resetCall.mutateAsync({ resetToken: token, newPassword: password }),
    fields: { newPassword: 'password' },
    onSuccess: () => {
      toast.success(t('resetPassword.success'));
      void navigate(paths.signIn.getHref(), { replace: true });
    },
    leavesOnSuccess: true,
    // The page says so in place of the form.
    onError: isUnusableLink,
  });

  const linkUnusable = token === '' || isUnusableLink(resetCall.error);

  return (
    <AuthCard title={t('resetPassword.title')} intro={linkUnusable ? undefined : t('resetPassword.intro')}>
      {linkUnusable ? (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden />}>
          <Stack gap="sm" align="flex-start">
            <span>{token === '' ? t('resetPassword.missingToken') : t('errors:InvalidOrExpiredToken')}</span>
            <Anchor component={Link} to={paths.signInRestore.getHref()} fw={600}>
              {t('resetPassword.requestNew')}
            </Anchor>
          </Stack>
        </Alert>
      ) : (
        <form noValidate onSubmit={onSubmit}>
          <Stack gap="md">
            <NewPasswordField
              label={t('fields.newPassword')}
              autoFocus
              key={form.key('password')}
              {...form.getInputProps('password')}
            />
            <PasswordField
              label={t('fields.confirmPassword')}
              autoComplete="new-password"
              key={form.key('confirmPassword')}
              {...form.getInputProps('confirmPassword')}
            />
            <AsyncButton
              type="submit"
              size="lg"
              fullWidth
              {...submitButton}
              leftSection={<IconKey size={20} aria-hidden />}
            >
              {t('resetPassword.submit')}
            </AsyncButton>
          </Stack>
        </form>
      )}
      <BackToSignInLink />
    </AuthCard>
  );
}
