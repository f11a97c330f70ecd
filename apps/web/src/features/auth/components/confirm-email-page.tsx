import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconLogin2, IconUser } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { currentUserQueryKey } from '@/lib/auth/current-user.ts';
import { errorMessage } from '@/lib/forms/notify.ts';
import { useFormTranslation } from '@/lib/forms/use-form-translation.ts';
import { useSessionUser } from '@/lib/session.ts';
import { useConfirmEmail } from '../api/confirm-email.ts';
import { AuthCard } from './auth-card.tsx';

/** `/confirm-email?token=…`: the link from the confirmation e-mail confirms the address on opening. */
export function ConfirmEmailPage() {
  const { t } = useFormTranslation();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const confirmation = useConfirmEmail(token);
  const alreadyConfirmed =
    confirmation.error instanceof ApiError && confirmation.error.code === 'EmailAlreadyConfirmed';
  const confirmed = confirmation.isSuccess || alreadyConfirmed;

  const signedIn = user !== null;
  useEffect(() => {
    // The profile stops offering to resend the link.
    if (confirmed && signedIn) void queryClient.refetchQueries({ queryKey: currentUserQueryKey });
  }, [confirmed, signedIn, queryClient]);

  const next = user ? (
    <Button
      component={Link}
      to={paths.userProfile.getHref()}
      leftSection={<IconUser size={20} aria-hidden />}
    >
      {t('confirmEmail.toProfile')}
    </Button>
  ) : (
    <Button component={Link} to={paths.signIn.getHref()} leftSection={<IconLogin2 size={20} aria-hidden />}>
      {t('confirmEmail.toSignIn')}
    </Button>
  );

  let content: React.ReactNode;
  if (token === '') {
    content = (
      <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden />}>
        {t('confirmEmail.missingToken')}
      </Alert>
    );
  } else if (confirmed) {
    content = (
      <Alert color="opora" variant="light" role="status" icon={<IconCircleCheck aria-hidden />}>
        {alreadyConfirmed ? t('errors:EmailAlreadyConfirmed') : t('confirmEmail.success')}
      </Alert>
    );
  } else if (confirmation.isError) {
    content = (
      <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden />}>
        <Stack gap="xs">
          <span>{errorMessage(t, confirmation.error)}</span>
          <span>{user ? t('confirmEmail.resendFromProfile') : t('confirmEmail.resendAfterSignIn')}</span>
        </Stack>
      </Alert>
    );
  } else {
    content = (
      <Stack align="center" gap="sm" role="status">
        <Loader aria-hidden />
        <Text>{t('confirmEmail.pending')}</Text>
      </Stack>
    );
  }

  return (
    <AuthCard title={t('confirmEmail.title')}>
      {content}
      {confirmation.isPending && token !== '' ? null : <div>{next}</div>}
    </AuthCard>
  );
}
