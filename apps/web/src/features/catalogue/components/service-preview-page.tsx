import { Alert, Anchor, Skeleton, Stack } from '@mantine/core';
import { paths } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { IconArrowLeft, IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isMissing, LoadError, LoadingState, NotFoundState } from '@/components/ui/page-states.tsx';
import { useOperationQuery } from '@/lib/operations.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { ProviderArea, useActingProvider } from '@/shared-features/provider-area/provider-area.tsx';
import classes from './catalogue.module.css';
import { Detail } from './service-detail-page.tsx';

/**
 * `/provider/services/:serviceId/preview` (issue 23 §3): the provider's own service — drafts too —
 * exactly as carers see it in the catalogue (the same `Detail`), its request button doing nothing.
 */
export function ServicePreviewPage() {
  return (
    <ProviderArea section="services">
      <Preview />
    </ProviderArea>
  );
}

function Preview() {
  const { t } = useTranslation('provider-services');
  const { serviceId = '' } = useParams();
  const acting = useActingProvider();
  const preview = useOperationQuery(operations.previewProviderService, {
    params: { providerId: acting.providerId, serviceId },
  });
  usePageTitle(preview.data ? `${t('preview.title')}: ${preview.data.name}` : null);
  const back = (
    <Anchor component={Link} to={paths.providerService.getHref({ serviceId })} fw={600}>
      <IconArrowLeft size={18} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 4 }} />
      {t('preview.back')}
    </Anchor>
  );
  if (preview.isError && isMissing(preview.error)) {
    return (
      <NotFoundState title={t('detail.notFoundTitle')} text={t('detail.notFoundText')}>
        {back}
      </NotFoundState>
    );
  }
  return (
    <div className={classes.page}>
      <Stack gap="md">
        {back}
        <Alert color="blue" variant="light" icon={<IconEye aria-hidden />} title={t('preview.title')}>
          {t('preview.text')}
        </Alert>
      </Stack>
      {preview.isError ? (
        <Stack mt="lg">
          <LoadError
            title={t('detail.errorTitle')}
            text={t('detail.errorText')}
            retryLabel={t('detail.retry')}
            retrying={preview.isFetching}
            onRetry={() => void preview.refetch()}
          />
        </Stack>
      ) : preview.data ? (
        <Detail service={preview.data} preview />
      ) : (
        <LoadingState label={t('detail.loading')}>
          <Stack gap="md" mt="lg">
            <Skeleton height={18} width="30%" />
            <Skeleton height={40} width="70%" />
            <Skeleton height={28} width="40%" />
            <Skeleton height={200} />
          </Stack>
        </LoadingState>
      )}
    </div>
  );
}
