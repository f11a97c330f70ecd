import { Anchor, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ProviderVerificationDetail } from '@opora/contracts';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs, useParams } from 'react-router';
import { isMissing, LoadError, LoadingState, NotFoundState } from '@/components/ui/page-states.tsx';
import { paths } from '@/config/paths.ts';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { queryClient } from '@/lib/query-client.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { useVerification, verificationQueryOptions } from '../api/provider-verifications.ts';
import { waitingSince } from '../utils/format.ts';
import classes from './admin.module.css';
import { AdminArea } from './admin-area.tsx';
import { DecisionForm } from './decision-form.tsx';
import {
  Administrators,
  ClaimComparison,
  ProviderDetails,
  PublicRegisters,
} from './verification-details.tsx';
import { VerificationDocuments } from './verification-documents.tsx';
import { DecidedNotice, DecisionHistory, StatusBadge } from './verification-history.tsx';
import { VerificationServices } from './verification-services.tsx';
import { KindBadge } from './verifications-page.tsx';

function BackToQueue() {
  const { t } = useTranslation('admin');
  return (
    <Anchor component={Link} to={paths.adminVerifications.getHref()} fw={600}>
      <Group gap={4} component="span" style={{ display: 'inline-flex' }}>
        <IconArrowLeft size={18} aria-hidden />
        {t('detail.back')}
      </Group>
    </Anchor>
  );
}

/**
 * `/admin/verifications/:verificationId` (issue 25 §1): everything staff check side by side — the
 * provider's details (for a claim, the listing's beside the claimant's), its administrators, its
 * services with their register numbers, the public registers and earlier decisions — and the decision.
 */
export function VerificationPage() {
  const { t } = useTranslation('admin');
  const { verificationId = '' } = useParams();
  const verification = useVerification(verificationId);
  usePageTitle(
    verification.data ? t('detail.documentTitle', { name: verification.data.provider.name }) : null,
  );

  let body: React.ReactNode;
  if (verification.isError) {
    body = isMissing(verification.error) ? (
      <NotFoundState title={t('detail.notFound.title')} text={t('detail.notFound.text')}>
        <BackToQueue />
      </NotFoundState>
    ) : (
      <Stack gap="lg" align="flex-start">
        <BackToQueue />
        <LoadError
          title={t('detail.error.title')}
          text={t('detail.error.text')}
          retryLabel={t('detail.error.retry')}
          retrying={verification.isFetching}
          onRetry={() => void verification.refetch()}
        />
      </Stack>
    );
  } else if (verification.data) {
    body = <Verification detail={verification.data} onReload={() => verification.refetch()} />;
  } else {
    body = (
      <LoadingState label={t('detail.loading')}>
        <Stack gap="md">
          <Skeleton height={40} width="50%" />
          <Skeleton height={320} radius="md" />
        </Stack>
      </LoadingState>
    );
  }
  return <AdminArea section="verifications">{body}</AdminArea>;
}

function Verification({
  detail,
  onReload,
}: {
  detail: ProviderVerificationDetail;
  onReload: () => Promise<unknown>;
}) {
  const { t } = useTranslation(['admin', 'common']);
  const { locale } = useLocale();
  const [justDecided, setJustDecided] = useState(false);
  const decision = detail.history.find((record) => record.verificationId === detail.verificationId);
  return (
    <Stack gap="lg">
      <BackToQueue />
      <Stack gap="xs">
        <Text c="dark.6" fw={600}>
          {t('common:routes.adminVerification.title')}
        </Text>
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {detail.provider.name}
        </Title>
        <Group gap="sm">
          <KindBadge kind={detail.kind} />
          <StatusBadge status={detail.status} />
          <Text size="sm" c="dark.6">
            {t('detail.openedAt', { when: waitingSince(detail.openedAt, locale) })}
          </Text>
        </Group>
      </Stack>
      {detail.status !== 'open' && decision ? (
        <DecidedNotice record={decision} focusOnShow={justDecided} />
      ) : null}
      {detail.previousDetails ? <ClaimComparison previous={detail.previousDetails} detail={detail} /> : null}
      <div className={classes.checkGrid}>
        {detail.previousDetails ? null : <ProviderDetails detail={detail} />}
        <Stack gap="lg">
          <PublicRegisters detail={detail} />
          <Administrators detail={detail} />
        </Stack>
        {detail.previousDetails ? <DecisionHistory detail={detail} /> : null}
      </div>
      <VerificationServices detail={detail} />
      <VerificationDocuments detail={detail} />
      {detail.previousDetails ? null : <DecisionHistory detail={detail} />}
      {detail.status === 'open' ? (
        <DecisionForm detail={detail} onReload={onReload} onDecided={() => setJustDecided(true)} />
      ) : null}
    </Stack>
  );
}

/** The route's loader calls it (app/router.tsx): the check is read with the page's code. */
export function prefetch(args: LoaderFunctionArgs): void {
  const { verificationId } = args.params;
  if (verificationId) void queryClient.prefetchQuery(verificationQueryOptions(verificationId));
}
