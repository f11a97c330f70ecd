import { Alert, Stack, TextInput } from '@mantine/core';
import { ResetPasswordRequestSchema } from '@opora/contracts';
import { IconMailCheck, IconSend } from '@tabler/icons-react';
import { toast } from '@/components/overlays/toast.tsx';
import { AsyncButton } from '@/components/ui/async-button.tsx';
import { BackToSignInLink } from '@/lib/forms/account-fields.tsx';
import { useContractForm } from '@/lib/forms/use-contract-form.ts';
import { useFormTranslation } from '@/lib/forms/use-form-translation.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { AuthCard } from './auth-card.tsx';

/** `/forgot-password` (SPEC §2): sends a link to set a new password. */
export function ForgotPasswordPage() {
  const { t } = useFormTranslation();
  const resetCall = useRequestPasswordReset();
  const { form, onSubmit, submitButton } = useContractForm({
    schema: ResetPasswordRequestSchema,
    initialValues: { email: '' },
    submit: (body) => resetCall.mutateAsync(body),
    onSuccess: () => toast.success(t('forgotPassword.success')),
  });

  return (
    <AuthCard title={t('forgotPassword.title')} intro={t('forgotPassword.intro')}>
      {resetCall.isSuccess ? (
        <Alert color="opora" variant="light" role="status" icon={<IconMailCheck aria-hidden />}>
          {t('forgotPassword.sent', { email: resetCall.variables.email })}
        </Alert>
      ) : (
        <form noValidate onSubmit={onSubmit}>
          <Stack gap="md">
            <TextInput
              label={t('fields.email')}
              type="email"
              autoComplete="email"
              inputMode="email"
              withAsterisk
              autoFocus
              key={form.key('email')}
              {...form.getInputProps('email')}
            />
            <AsyncButton
              type="submit"
              size="lg"
              fullWidth
              {...submitButton}
              leftSection={<IconSend size={20} aria-hidden />}
            >
              {t('forgotPassword.submit')}
            </AsyncButton>
          </Stack>
        </form>
      )}
      <BackToSignInLink />
    </AuthCard>
  );
}
