import { Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/ui/page-states.tsx';
import { FacilityPhotosSection } from './facility-photos-section.tsx';
import { type ProviderImages, useProviderImages } from './images.ts';
import { ProviderLogoSection } from './provider-logo-section.tsx';

/**
 * The provider's images where SPEC §2 puts them (decision 0110): the logo in the profile's Provider
 * information tab, a facility's photos in its Facility information tab. Each loads the provider's
 * images itself (one query, shared), so the tabs' forms never wait for them.
 */
function WithImages({
  providerId,
  skeleton,
  children,
}: {
  providerId: string;
  skeleton: ReactNode;
  children: (images: ProviderImages) => ReactNode;
}) {
  const { t } = useTranslation('provider-images');
  const images = useProviderImages(providerId);
  if (images.isPending) {
    return (
      <Stack gap="md" aria-busy="true" aria-label={t('loading')}>
        {skeleton}
      </Stack>
    );
  }
  if (images.isError) {
    return (
      <LoadError
        title={t('loadError.title')}
        text={t('loadError.text')}
        retryLabel={t('loadError.retry')}
        retrying={images.isFetching}
        onRetry={() => void images.refetch()}
      />
    );
  }
  return children(images.data);
}

/** The logo section of the Provider information tab; administrators change it. */
export function ProviderLogo({
  providerId,
  providerName,
  canManage,
}: {
  providerId: string;
  providerName: string;
  canManage: boolean;
}) {
  return (
    <WithImages
      providerId={providerId}
      skeleton={
        <>
          <Skeleton height={28} width={120} />
          <Skeleton height={160} width={160} />
        </>
      }
    >
      {(images) => (
        <ProviderLogoSection
          providerId={providerId}
          providerName={providerName}
          images={images}
          canManage={canManage}
        />
      )}
    </WithImages>
  );
}

/** The photos section of a facility's Facility information tab; administrators and coordinators change them. */
export function FacilityPhotos({
  providerId,
  facility: { id: facilityId, name },
  canManage,
}: {
  providerId: string;
  facility: { id: string; name: string };
  canManage: boolean;
}) {
  return (
    <WithImages
      providerId={providerId}
      skeleton={
        <>
          <Skeleton height={28} width={160} />
          <Skeleton height={180} />
        </>
      }
    >
      {(images) => {
        // A facility added since the images were read has no photos yet.
        const facility = images.facilities.find((candidate) => candidate.id === facilityId) ?? {
          id: facilityId,
          name,
          photos: [],
        };
        return <FacilityPhotosSection providerId={providerId} facility={facility} canManage={canManage} />;
      }}
    </WithImages>
  );
}
