import {
  buildHref,
  type FacilityPhoto,
  type FacilityPhotoAltInput,
  type ProviderImages,
  type StoredImage,
} from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { apiBasePath, apiRequest } from '@/lib/api-client.ts';
import { operationKey, operationQueryOptions } from '@/lib/operations.ts';

type PathOf = { path: string };

/** An operation's path with its parameters, from the contracts' table (never retyped). */
function pathOf(operation: PathOf, params: Record<string, string>): `/${string}` {
  return buildHref(operation.path.slice(apiBasePath.length), params) as `/${string}`;
}

export function providerImagesQueryOptions(providerId: string) {
  return operationQueryOptions(operations.getProviderImages, { params: { providerId } });
}

/**
 * After a change of the logo or photos: the images read again, and the listing's confirmation, which
 * the change moved (decision 0108), so the provider area's banner follows.
 */
export function refreshAfterImageChange(queryClient: QueryClient, providerId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: providerImagesQueryOptions(providerId).queryKey }),
    queryClient.invalidateQueries({ queryKey: operationKey(operations.getListingConfirmation) }),
  ]);
}

/** `getProviderImages`: the logo and each facility's photos. */
export function useProviderImages(providerId: string) {
  return useQuery(providerImagesQueryOptions(providerId));
}

/** `putProviderLogo`: the file's bytes; the server decides by the content. */
export function uploadLogo(providerId: string, file: Blob): Promise<{ logo: StoredImage }> {
  return apiRequest(pathOf(operations.putProviderLogo, { providerId }), { method: 'PUT', body: file });
}

export function deleteLogo(providerId: string): Promise<void> {
  return apiRequest(pathOf(operations.deleteProviderLogo, { providerId }), { method: 'DELETE' });
}

/** `putFacilityPhoto` under an id made here, so a retry answers the same photo. */
export function uploadPhoto(
  providerId: string,
  facilityId: string,
  photoId: string,
  file: Blob,
): Promise<FacilityPhoto> {
  return apiRequest(pathOf(operations.putFacilityPhoto, { providerId, facilityId, photoId }), {
    method: 'PUT',
    body: file,
  });
}

export function savePhotoAlt(
  providerId: string,
  facilityId: string,
  photoId: string,
  body: FacilityPhotoAltInput,
): Promise<FacilityPhoto> {
  return apiRequest(pathOf(operations.updateFacilityPhotoAlt, { providerId, facilityId, photoId }), {
    method: 'PUT',
    body,
  });
}

export function deletePhoto(providerId: string, facilityId: string, photoId: string): Promise<void> {
  return apiRequest(pathOf(operations.deleteFacilityPhoto, { providerId, facilityId, photoId }), {
    method: 'DELETE',
  });
}

export function orderPhotos(
  providerId: string,
  facilityId: string,
  photoIds: string[],
): Promise<FacilityPhoto[]> {
  return apiRequest(pathOf(operations.orderFacilityPhotos, { providerId, facilityId }), {
    method: 'PUT',
    body: { photoIds },
  });
}

export type { ProviderImages };
