import { Alert, Button, Stack, Text } from '@mantine/core';
import { type ProviderInvitationView, SignUpFormSchema } from '@opora/contracts';
import { IconLogin, IconUserCheck, IconUserPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/components/overlays/toast.tsx';
import { AsyncButton } from '@/components/ui/async-button.tsx';
import { LoadingState } from '@/components/ui/page-states.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { apiErrorMessageKeys } from '@/lib/api-error-message.ts';
import { currentUserQueryKey } from '@/lib/auth/current-user-key.ts';
import { useContractForm } from '@/lib/forms/use-contract-form.ts';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { signInHref } from '@/lib/return-path.ts';
import { useSessionUser } from '@/lib/session.ts';
import { acceptInvitation, signUpWithInvitation, useProviderInvitation } from '../api/provider-invitation.ts';
import { AuthCard } from './auth-card.tsx';
import type { SignInLocationState } from './sign-in-page.tsx';
import { AccountFields, emptySignUpValues, type SignUpValues, toSignUpForm } from './sign-up-page.tsx';

/** The provider area of the provider just joined. */
function providerHref(providerId: string): string {
  return paths.providerRequests.getHref(undefined, { provider: providerId });
}

/**
 * `/provider/invitation?token=` (issue 24 §1, decision 0115): the link of an invitation e-mail. The
 * invitee registers with the invited address, or — with an account already — signs in and accepts.
 */
export function ProviderInvitationPage() {
  const { t } = useTranslation(['provider-team', 'enums']);
  const [search] = useSearchParams();
  const token = search.get('token');
  const invitation = useProviderInvitation(token);

  if (!token || invitation.isError) {
    return (
      <AuthCard title={t('invitation.invalidTitle')}>
        <Text>{token ? t('invitation.invalidText') : t('invitation.missing')}</Text>
      </AuthCard>
    );
  }
  if (!invitation.data) {
    return (
      <AuthCard title={t('invitation.title')}>
        <LoadingState label={t('invitation.loading')}>
          <Text>{t('invitation.loading')}</Text>
        </LoadingState>
      </AuthCard>
    );
  }
  const view = invitation.data;
  const roles = view.roles.map((role) => t(`enums:providerRole.${role}`)).join(', ');
  return (
    <AuthCard
      title={t('invitation.title')}
      intro={t('invitation.intro', { provider: view.providerName, roles })}
      width={600}
    >
      {view.accountExists ? (
        <AcceptWithAccount token={token} view={view} />
      ) : (
        <RegisterAndAccept token={token} view={view} />
      )}
    </AuthCard>
  );
}

function AcceptWithAccount({ token, view }: { token: string; view: ProviderInvitationView }) {
  const { t } = useTranslation(['provider-team', 'errors']);
  const user = useSessionUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const here = `${paths.providerInvitation.getHref()}?token=${encodeURIComponent(token)}`;

  if (!user) {
    const state: SignInLocationState = { email: view.email };
    return (
      <Stack gap="md">
        <Text>{t('invitation.signInText', { email: view.email })}</Text>
        <Button
          component={Link}
          to={signInHref(here)}
          state={state}
          size="lg"
          leftSection={<IconLogin size={20} aria-hidden />}
        >
          {t('invitation.signIn')}
        </Button>
      </Stack>
    );
  }
  if (user.email.toLowerCase() !== view.email.toLowerCase()) {
    return (
      <Alert color="yellow" variant="light">
        {t('invitation.otherAccount', { email: view.email })}
      </Alert>
    );
  }
  const accept = async () => {
    setBusy(true);
    try {
      const joined = await acceptInvitation(token);
      toast.success(t('invitation.accepted', { provider: joined.providerName }));
      // The provider role is new: the permissions of the signed-in user are read again.
      await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      await navigate(providerHref(joined.providerId));
    } catch (error) {
      toast.error(error instanceof ApiError ? t(apiErrorMessageKeys(error)) : t('errors:unknown'));
      setBusy(false);
    }
  };
  return (
    <Stack gap="md">
      <Text>{t('invitation.acceptText', { provider: view.providerName })}</Text>
      <Button
        size="lg"
        loading={busy}
        onClick={() => void accept()}
        leftSection={<IconUserCheck size={20} aria-hidden />}
      >
        {t('invitation.accept')}
      </Button>
    </Stack>
  );
}

function RegisterAndAccept({ token, view }: { token: string; view: ProviderInvitationView }) {
  const { t } = useTranslation('provider-team');
  const { locale } = useLocale();
  const navigate = useNavigate();
  const initialValues: SignUpValues = { ...emptySignUpValues, email: view.email };
  const { form, onSubmit, submitButton } = useContractForm({
    schema: SignUpFormSchema,
    initialValues,
    toInput: toSignUpForm,
    submit: (body) => signUpWithInvitation({ ...body, token, locale }),
    leavesOnSuccess: true,
    onSuccess: (joined, body) => {
      toast.success(t('invitation.registered', { provider: joined.providerName }));
      const state: SignInLocationState = { email: body.email };
      void navigate(signInHref(providerHref(joined.providerId)), { state });
    },
  });
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="md">
        <Text>{t('invitation.registerText', { email: view.email })}</Text>
        <AccountFields form={form} />
        <AsyncButton
          type="submit"
          size="lg"
          fullWidth
          {...submitButton}
          leftSection={<IconUserPlus size={20} aria-hidden />}
        >
          {t('invitation.register')}
        </AsyncButton>
      </Stack>
    </form>
  );
}
