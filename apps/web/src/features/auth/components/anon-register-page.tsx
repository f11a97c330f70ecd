import { Alert, Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { formatDisplayDate } from '@opora/contracts';
import { IconClockHour4, IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { NotFoundState } from '@/components/ui/page-states.tsx';
import { paths } from '@/config/paths.ts';
import { useSessionUser } from '@/lib/session.ts';
import {
  claimStoredGuestCase,
  guestSecretOf,
  useGuestCase,
} from '@/shared-features/guest-cases/guest-cases.ts';
import { SignUpFields } from './sign-up-page.tsx';

/**
 * `/anon-new-case-wizard/register/:caseId` (SPEC §2): the guest's answers are saved; an account keeps
 * them. Sign-up hands this page on to sign-in as the return path, so the new account comes back here
 * (or, already holding one, the person signs in from the form's link): the wizard's frame claims the
 * case for the account on the way in, and this page sends them on to the client's details.
 */
export function AnonRegisterPage() {
  const { t } = useTranslation(['auth', 'surveys']);
  const { caseId = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const user = useSessionUser();
  const secret = guestSecretOf(caseId);
  const guestCase = useGuestCase(user ? null : caseId, user ? null : secret);
  const [claim, setClaim] = useState<'claiming' | 'failed'>('claiming');

  // Signed in: the frame claimed the case already; a claim that failed then is tried once more here.
  useEffect(() => {
    if (!user) return;
    let cancelled = false;
    const goOn = () => navigate(paths.anonNewCaseNewClient.getHref({ caseId }), { replace: true });
    if (!guestSecretOf(caseId)) {
      void goOn();
      return;
    }
    setClaim('claiming');
    void claimStoredGuestCase(caseId).then((claimed) => {
      if (cancelled) return;
      if (claimed || !guestSecretOf(caseId)) void goOn();
      else setClaim('failed');
    });
    return () => {
      cancelled = true;
    };
  }, [user, caseId, navigate]);

  if (user) {
    return claim === 'failed' ? (
      <Alert color="red" title={t('auth:register.claimFailed')}>
        <Button mt="sm" leftSection={<IconRefresh size={18} aria-hidden />} onClick={() => navigate(0)}>
          {t('auth:register.retry')}
        </Button>
      </Alert>
    ) : (
      <Stack align="center" py="xl" role="status">
        <Loader aria-hidden />
        <Text>{t('auth:register.claiming')}</Text>
      </Stack>
    );
  }

  if (!secret) {
    return (
      <NotFoundState title={t('surveys:guest.lost.title')} text={t('surveys:guest.lost.text')}>
        <Button component="a" href={paths.anonNewCaseExtCaseSurvey.getHref()}>
          {t('surveys:guest.lost.startAgain')}
        </Button>
      </NotFoundState>
    );
  }

  const expiresAt = guestCase.data?.expiresAt;
  return (
    <Stack gap="lg" maw={720}>
      <Stack gap={4}>
        <Title order={1}>{t('auth:register.title')}</Title>
        <Text c="dimmed" size="lg">
          {t('auth:register.intro')}
        </Text>
      </Stack>
      <Alert color="blue" variant="light" role="note" icon={<IconClockHour4 aria-hidden />}>
        {expiresAt
          ? t('surveys:guest.retention', { date: formatDisplayDate(expiresAt.slice(0, 10)) })
          : t('surveys:guest.retentionNew')}
      </Alert>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <SignUpFields returnTo={location.pathname} />
      </Paper>
    </Stack>
  );
}
