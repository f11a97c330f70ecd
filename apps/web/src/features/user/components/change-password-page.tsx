import { Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type ChangePasswordForm, ChangePasswordFormSchema } from '@opora/contracts';
import { IconArrowLeft, IconKey } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/components/overlays/toast.tsx';
import { paths } from '@/config/paths.ts';
import { NewPasswordField, PasswordField } from '@/lib/forms/account-fields.tsx';
import { focusFirstInvalidField, schemaValidator, showServerErrors } from '@/lib/forms/form-errors.tsx';
import { toastError } from '@/lib/forms/notify.ts';
import { useFormTranslation } from '@/lib/forms/use-form-translation.ts';
import { useChangePassword } from '../api/change-password.ts';

const fields = ['currentPassword', 'newPassword'];

/** `/user/change-password` (SPEC §2, §5): current password, the new one twice. */
export function ChangePasswordPage() {
  const { t } = useFormTranslation();
  const navigate = useNavigate();
  const changeCall = useChangePassword();
  const form = useForm<ChangePasswordForm>({
    mode: 'uncontrolled',
    initialValues: { currentPassword: '', newPassword: '', repeatPassword: '' },
    validate: schemaValidator(ChangePasswordFormSchema),
  });

  const submit = ({ currentPassword, newPassword }: ChangePasswordForm) =>
    changeCall.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          void toast.success(t('changePassword.success'));
          void navigate(paths.userProfile.getHref());
        },
        onError: (error) => {
          if (showServerErrors(form, error, fields, { IncorrectCurrentPassword: 'currentPassword' })) {
            focusFirstInvalidField();
          } else toastError(t, error);
        },
      },
    );

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
        <form noValidate onSubmit={form.onSubmit(submit, focusFirstInvalidField)}>
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
              <Button
                type="submit"
                size="md"
                loading={changeCall.isPending}
                leftSection={<IconKey size={20} aria-hidden />}
              >
                {t('changePassword.submit')}
              </Button>
            </div>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
