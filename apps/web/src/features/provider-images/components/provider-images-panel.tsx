import { Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ProviderRole } from '@opora/contracts';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/ui/page-states.tsx';
import { useProviderImages } from '../api/images.ts';
import { FacilityPhotosSection } from './facility-photos-section.tsx';
import { ProviderLogoSection } from './provider-logo-section.tsx';

/**
 * `/provider/images` "Logo and photos" for the provider the person acts for: the two sections on a page
 * of their own until the provider profile and facility pages (issue 23 §2) take them into their
 * information tabs. The provider area's frame around it is the app's (`app/provider-images-page.tsx`).
 */
export function ProviderImagesPanel({
  acting,
}: {
  acting: { providerId: string; name: string; roles: readonly ProviderRole[] };
}) {
  const { t } = useTranslation(['provider-images', 'common']);
  const images = useProviderImages(acting.providerId);
  const isAdministrator = acting.roles.includes('providerAdmin');
  const editsListing = isAdministrator || acting.roles.includes('providerCoordinator');

  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={1}>{t('common:routes.providerImages.title')}</Title>
        <Text size="lg">{t('intro')}</Text>
      </Stack>
      {images.isPending ? (
        <Stack gap="md" aria-busy="true" aria-label={t('loading')}>
          <Skeleton height={28} width={120} />
          <Skeleton height={160} width={160} />
          <Skeleton height={28} width={240} />
          <Skeleton height={180} />
        </Stack>
      ) : images.isError ? (
        <LoadError
          title={t('loadError.title')}
          text={t('loadError.text')}
          retryLabel={t('loadError.retry')}
          retrying={images.isFetching}
          onRetry={() => void images.refetch()}
        />
      ) : (
        <>
          <ProviderLogoSection
            providerId={acting.providerId}
            providerName={acting.name}
            images={images.data}
            canManage={isAdministrator}
          />
          {images.data.facilities.length === 0 ? <Text>{t('photos.noFacilities')}</Text> : null}
          {images.data.facilities.map((facility) => (
            <FacilityPhotosSection
              key={facility.id}
              providerId={acting.providerId}
              facility={facility}
              canManage={editsListing}
            />
          ))}
        </>
      )}
    </Stack>
  );
}
