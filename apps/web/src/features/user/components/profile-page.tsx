import {
  Alert,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { type CurrentUser, formatPhone, type Locale, UpdateCurrentUserSchema } from '@opora/contracts';
import { IconDeviceFloppy, IconKey, IconMailForward, IconTrash } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { localeOptions } from '@/components/header/locale-options.ts';
import { confirm } from '@/components/overlays/confirm.tsx';
import { toast } from '@/components/overlays/toast.tsx';
import { AsyncButton, mutationOutcome } from '@/components/ui/async-button.tsx';
import { WarningAlert } from '@/components/ui/warning-alert.tsx';
import { paths } from '@/config/paths.ts';
import { forgetDeletedSession } from '@/lib/auth/session-runtime.ts';
import { NameField, PhoneField } from '@/lib/forms/account-fields.tsx';
import { toastError } from '@/lib/forms/notify.ts';
import { useContractForm } from '@/lib/forms/use-contract-form.ts';
import { useFormTranslation } from '@/lib/forms/use-form-translation.ts';
import { changeLocale } from '@/lib/i18n/i18n.ts';
import { useSessionUser } from '@/lib/session.ts';
import { useDeleteCurrentUser } from '../api/delete-current-user.ts';
import { useResendEmailConfirmation } from '../api/resend-email-confirmation.ts';
import { useUpdateCurrentUser } from '../api/update-current-user.ts';
import { SubscriptionSection } from './subscription-section.tsx';

type ProfileValues = { firstName: string; lastName: string; phone: string; locale: Locale };

/** Hints of different lengths below the inputs, so the side-by-side inputs stay aligned. */
const hintBelow: ('label' | 'input' | 'description' | 'error')[] = ['label', 'input', 'description', 'error'];

/** An empty phone field removes the number (`null`), as the API expects. */
function toUpdate(values: ProfileValues) {
  return { ...values, phone: values.phone.trim() === '' ? null : values.phone };
}

function ProfileForm({ user }: { user: CurrentUser }) {
  const { t } = useFormTranslation();
  const updateCall = useUpdateCurrentUser();
  const initialValues: ProfileValues = {
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone ? formatPhone(user.phone) : '',
    locale: user.locale,
  };
  const { form, onSubmit, submitButton } = useContractForm({
    schema: UpdateCurrentUserSchema,
    initialValues,
    toInput: toUpdate,
    submit: (body) => updateCall.mutateAsync(body),
    onSuccess: (updated) => {
      form.resetDirty();
      toast.success(t('profile.saved'));
      // The language chosen for e-mails is the language of the interface too.
      void changeLocale(updated.locale);
    },
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NameField part="firstName" key={form.key('firstName')} {...form.getInputProps('firstName')} />
          <NameField part="lastName" key={form.key('lastName')} {...form.getInputProps('lastName')} />
          <PhoneField
            inputWrapperOrder={hintBelow}
            key={form.key('phone')}
            {...form.getInputProps('phone')}
          />
          <NativeSelect
            label={t('fields.locale')}
            description={t('fields.localeHint')}
            inputWrapperOrder={hintBelow}
            data={localeOptions.map((option) => ({ value: option.locale, label: option.name }))}
            key={form.key('locale')}
            {...form.getInputProps('locale')}
          />
        </SimpleGrid>
        <Group>
          <AsyncButton
            type="submit"
            {...submitButton}
            leftSection={<IconDeviceFloppy size={20} aria-hidden />}
          >
            {t('profile.save')}
          </AsyncButton>
        </Group>
      </Stack>
    </form>
  );
}

function EmailSection({ user }: { user: CurrentUser }) {
  const { t } = useFormTranslation();
  const resendCall = useResendEmailConfirmation();
  return (
    <Stack gap="sm">
      <Group gap="sm">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {user.email}
        </Text>
        {user.emailConfirmationPending ? (
          <Badge color="yellow" variant="light" size="lg" c="gray.9">
            {t('profile.emailUnconfirmed')}
          </Badge>
        ) : (
          <Badge color="opora" variant="light" size="lg">
            {t('profile.emailConfirmed')}
          </Badge>
        )}
      </Group>
      <Text c="dimmed">{t('profile.emailIsLogin')}</Text>
      {user.emailConfirmationPending ? (
        <WarningAlert title={t('profile.confirmTitle')}>
          <Stack gap="sm" align="flex-start">
            <span>{t('profile.confirmText')}</span>
            <AsyncButton
              variant="default"
              busy={resendCall.isPending}
              outcome={mutationOutcome(resendCall)}
              leftSection={<IconMailForward size={20} aria-hidden />}
              onClick={() =>
                resendCall.mutate(undefined, {
                  onSuccess: () => toast.success(t('profile.confirmationSent')),
                  onError: (error) => toastError(t, error),
                })
              }
            >
              {t('profile.resend')}
            </AsyncButton>
          </Stack>
        </WarningAlert>
      ) : null}
    </Stack>
  );
}

function DeleteSection() {
  const { t } = useFormTranslation();
  const navigate = useNavigate();
  const deleteCall = useDeleteCurrentUser();

  const deleteProfile = async () => {
    const confirmed = await confirm({
      title: t('profile.delete.confirmTitle'),
      message: t('profile.delete.confirmText'),
      confirmLabel: t('profile.delete.confirmAction'),
      danger: true,
    });
    if (!confirmed) return;
    deleteCall.mutate(undefined, {
      onSuccess: async () => {
        forgetDeletedSession();
        await navigate(paths.home.getHref(), { replace: true });
        toast.success(t('profile.delete.done'));
      },
      onError: (error) => toastError(t, error),
    });
  };

  return (
    <Stack gap="sm" align="flex-start">
      <Text>{t('profile.delete.text')}</Text>
      <Alert color="red" variant="light" w="100%">
        {t('profile.delete.warning')}
      </Alert>
      <AsyncButton
        color="red.9"
        variant="outline"
        busy={deleteCall.isPending}
        outcome={mutationOutcome(deleteCall)}
        leftSection={<IconTrash size={20} aria-hidden />}
        onClick={() => void deleteProfile()}
      >
        {t('profile.delete.action')}
      </AsyncButton>
    </Stack>
  );
}

function Section({
  title,
  children,
  danger,
}: {
  title: string;
  children: React.ReactNode;
  danger?: boolean;
}) {
  const titleId = useId();
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'xl' }}
      component="section"
      aria-labelledby={titleId}
      style={danger ? { borderColor: 'var(--mantine-color-red-3)' } : undefined}
    >
      <Stack gap="md">
        <Title order={2} fz="h3" id={titleId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * `/user` (SPEC §2): the signed-in user's subscription (its renewal date and one-click cancellation
 * first, nothing to hunt for), own details, e-mail confirmation, password and deletion.
 */
export function ProfilePage() {
  const { t } = useFormTranslation();
  const { t: tSubscriptions } = useTranslation('subscriptions');
  // The guard loads the user before this page renders; it is gone only while signing out.
  const user = useSessionUser();
  if (!user) return null;

  return (
    <Stack gap="lg" maw={880}>
      <Stack gap={4}>
        <Title order={1}>{t('profile.title')}</Title>
        <Text c="dimmed">{t('profile.intro')}</Text>
      </Stack>
      <Section title={tSubscriptions('profile.title')}>
        <SubscriptionSection />
      </Section>
      <Section title={t('profile.personalTitle')}>
        <ProfileForm key={user.id} user={user} />
      </Section>
      <Section title={t('profile.emailTitle')}>
        <EmailSection user={user} />
      </Section>
      <Section title={t('profile.passwordTitle')}>
        <Text>{t('profile.passwordText')}</Text>
        <div>
          <Button
            component={Link}
            to={paths.userChangePassword.getHref()}
            variant="default"
            leftSection={<IconKey size={20} aria-hidden />}
          >
            {t('profile.changePassword')}
          </Button>
        </div>
      </Section>
      <Section title={t('profile.delete.title')} danger>
        <DeleteSection />
      </Section>
    </Stack>
  );
}
