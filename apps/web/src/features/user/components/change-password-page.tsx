import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { ChangePasswordFormSchema } from '@opora/contracts';
import { IconArrowLeft, IconKey } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/components/overlays/toast.tsx';
import { AsyncButton } from '@/components/ui/async-button.tsx';
import { paths } from '@/config/paths.ts';
import { NewPasswordField, PasswordField } from '@/lib/forms/account-fields.tsx';
import { useContractForm } from '@/lib/forms/use-contract-form.ts';
import { useFormTranslation } from '@/lib/forms/use-form-translation.ts';
import { useChangePassword } from '../api/change-password.ts';

/** `/user/change-password` (SPEC §2, §5): current password, the new one twice. */
export function ChangePasswordPage() {
  const { t } = useFormTranslation();
  const navigate = useNavigate();
  const changeCall = useChangePassword();
  const { form, onSubmit, submitButton } = useContractForm({
    schema: ChangePasswordFormSchema,
    initialValues: { currentPassword: '', newPassword: '', repeatPassword: '' },
    submit: ({ currentPassword, newPassword }) => changeCall.mutateAsync({ currentPassword, newPassword }),
    codeFields: { IncorrectCurrentPassword: 'currentPassword' },
    onSuccess: () => {
      toast.success(t('changePassword.success'));
      void navigate(paths.userProfile.getHref());
    },
    leavesOnSuccess: true,
  });

  return (
    <Stack gap="lg" maw={560}>
      <Anchor component={Link} to={paths.userProfile.getHref()}>
        <IconArrowLeft size={16} aria-hidden style={{ verticalAlign: 'text-bottom' }} />{' '}
        {t('changePassword.back')}
      </Anchor>
      <Stack gap={4}>
        <Title order={1}>{t('changePassword.title')}</Title>
        <Text c="dimmed">{t('changePassword.intro')}</Text>
      </Stack>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <form noValidate onSubmit={onSubmit}>
          <Stack gap="md">
            <PasswordField
              label={t('fields.currentPassword')}
              autoComplete="current-password"
              key={form.key('currentPassword')}
              {...form.getInputProps('currentPassword')}
            />
            <NewPasswordField
              label={t('fields.newPassword')}
              key={form.key('newPassword')}
              {...form.getInputProps('newPassword')}
            />
            <PasswordField
              label={t('fields.repeatPassword')}
              autoComplete="new-password"
              key={form.key('repeatPassword')}
              {...form.getInputProps('repeatPassword')}
            />
            <div>
              <AsyncButton
                type="submit"
                size="md"
                {...submitButton}
                leftSection={<IconKey size={20} aria-hidden />}
              >
                {t('changePassword.submit')}
              </AsyncButton>
            </div>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
