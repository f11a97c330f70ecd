import {
  type FacilityPhoto,
  maxPhotosPerFacility,
  type ProviderImages,
  type StoredImage,
} from '@opora/contracts';
import {
  type Db,
  type DbExecutor,
  facilities,
  facilityPhotos,
  postgresErrorCodes,
  postgresErrorOf,
  providers,
  storedImages,
} from '@opora/db';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { AppError, ConflictError, ForbiddenError, NotFoundError } from '../platform/errors.ts';
import type { ProviderScope } from '../platform/provider-scope.ts';
import { confirmListingBy } from '../provider-listing/confirm-listing.ts';
import { normaliseImage } from './image-files.ts';
import { type ImageStore, storedImagePath } from './image-store.ts';

export interface ImageContext {
  db: Db;
  store: ImageStore;
  /** Told when a stored image is gone, so the proxy forgets its variants. */
  onImageDeleted?: (key: string) => void;
  /** The app clock's time of the call: a change of the logo or photos confirms the listing then (decision 0108). */
  now: Date;
}

/** The logo is the organisation's: its administrators manage it (decision 0105). */
function assertManagesLogo(scope: ProviderScope) {
  if (!scope.roles.includes('providerAdmin')) {
    throw new ForbiddenError('Only the provider’s administrators manage its logo.');
  }
}

/** Photos belong to the listing: administrators and coordinators keep it (decision 0105). */
function assertManagesPhotos(scope: ProviderScope) {
  if (!scope.roles.some((role) => role === 'providerAdmin' || role === 'providerCoordinator')) {
    throw new ForbiddenError('Only the provider’s administrators and coordinators manage facility photos.');
  }
}

function imageOf(row: { key: string; width: number; height: number }): StoredImage {
  return { path: storedImagePath(row.key), width: row.width, height: row.height };
}

const photoColumns = {
  id: facilityPhotos.id,
  facilityId: facilityPhotos.facilityId,
  position: facilityPhotos.position,
  altCs: facilityPhotos.altCs,
  altSk: facilityPhotos.altSk,
  altEn: facilityPhotos.altEn,
  key: storedImages.key,
  width: storedImages.width,
  height: storedImages.height,
};
type PhotoRow = {
  id: string;
  facilityId: string;
  position: number;
  altCs: string | null;
  altSk: string | null;
  altEn: string | null;
  key: string;
  width: number;
  height: number;
};

function photoOf(row: PhotoRow): FacilityPhoto {
  return {
    id: row.id,
    facilityId: row.facilityId,
    image: imageOf(row),
    position: row.position,
    alt: { cs: row.altCs, sk: row.altSk, en: row.altEn },
  };
}

async function photosOf(db: DbExecutor, providerId: string, facilityIds?: string[]): Promise<PhotoRow[]> {
  return db
    .select(photoColumns)
    .from(facilityPhotos)
    .innerJoin(storedImages, eq(storedImages.key, facilityPhotos.imageKey))
    .where(
      and(
        eq(facilityPhotos.providerId, providerId),
        facilityIds ? inArray(facilityPhotos.facilityId, facilityIds) : undefined,
      ),
    )
    .orderBy(asc(facilityPhotos.facilityId), asc(facilityPhotos.position), asc(facilityPhotos.createdAt));
}

/** `GET …/images`: the logo and the photos of every facility, for any member of the provider. */
export async function getProviderImages(db: Db, scope: ProviderScope): Promise<ProviderImages> {
  const [provider] = await db
    .select({ key: storedImages.key, width: storedImages.width, height: storedImages.height })
    .from(providers)
    .leftJoin(storedImages, eq(storedImages.key, providers.logoImageKey))
    .where(eq(providers.id, scope.providerId));
  const facilityRows = await db
    .select({ id: facilities.id, name: facilities.name })
    .from(facilities)
    .where(eq(facilities.providerId, scope.providerId))
    .orderBy(asc(facilities.name), asc(facilities.id));
  const photos = await photosOf(db, scope.providerId);
  return {
    logo: provider?.key && provider.width && provider.height ? imageOf(provider as PhotoRow) : null,
    facilities: facilityRows.map((facility) => ({
      ...facility,
      photos: photos.filter((photo) => photo.facilityId === facility.id).map(photoOf),
    })),
  };
}

/**
 * `PUT …/logo`: the permission is checked before the image is decoded (nobody else costs CPU), the
 * image normalised outside any transaction, then the provider locked, the image stored and the
 * previous logo's bytes removed unless something else shows them — all or nothing.
 */
export async function putProviderLogo(
  { db, store, onImageDeleted, now }: ImageContext,
  scope: ProviderScope,
  content: Uint8Array,
): Promise<{ logo: StoredImage }> {
  assertManagesLogo(scope);
  const image = await normaliseImage(content, 'logo');
  const previous = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ logoImageKey: providers.logoImageKey })
      .from(providers)
      .where(eq(providers.id, scope.providerId))
      .for('update');
    if (!locked) throw new NotFoundError();
    await store.put(tx, image);
    await tx
      .update(providers)
      .set({ logoImageKey: image.key, logoUrl: storedImagePath(image.key) })
      .where(eq(providers.id, scope.providerId));
    if (locked.logoImageKey && locked.logoImageKey !== image.key) {
      await store.deleteIfUnreferenced(tx, locked.logoImageKey);
    }
    await confirmListingBy(tx, scope, now);
    return locked.logoImageKey;
  });
  if (previous && previous !== image.key) onImageDeleted?.(previous);
  return { logo: imageOf(image) };
}

/** `DELETE …/logo`: the provider shows no logo; answering 204 when it had none. */
export async function deleteProviderLogo(
  { db, store, onImageDeleted, now }: ImageContext,
  scope: ProviderScope,
) {
  assertManagesLogo(scope);
  const previous = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ logoImageKey: providers.logoImageKey })
      .from(providers)
      .where(eq(providers.id, scope.providerId))
      .for('update');
    if (!locked) throw new NotFoundError();
    await tx
      .update(providers)
      .set({ logoImageKey: null, logoUrl: null })
      .where(eq(providers.id, scope.providerId));
    if (locked.logoImageKey) await store.deleteIfUnreferenced(tx, locked.logoImageKey);
    await confirmListingBy(tx, scope, now);
    return locked.logoImageKey;
  });
  if (previous) onImageDeleted?.(previous);
}

/** The facility, locked, when it is the provider's; else 404. */
async function lockFacility(tx: DbExecutor, scope: ProviderScope, facilityId: string) {
  const [facility] = await tx
    .select({ id: facilities.id })
    .from(facilities)
    .where(and(eq(facilities.id, facilityId), eq(facilities.providerId, scope.providerId)))
    .for('update');
  if (!facility) throw new NotFoundError();
  return facility;
}

async function findPhoto(tx: DbExecutor, scope: ProviderScope, facilityId: string, photoId: string) {
  const [row] = await tx
    .select(photoColumns)
    .from(facilityPhotos)
    .innerJoin(storedImages, eq(storedImages.key, facilityPhotos.imageKey))
    .where(
      and(
        eq(facilityPhotos.id, photoId),
        eq(facilityPhotos.facilityId, facilityId),
        eq(facilityPhotos.providerId, scope.providerId),
      ),
    );
  return row;
}

/**
 * `PUT …/facilities/{facilityId}/photos/{photoId}`: a new photo at the end of the facility's photos.
 * The same id again answers the photo already stored (a retry, a double click); an id of another
 * photo is 409. At most `maxPhotosPerFacility`, counted on the locked facility.
 */
export async function putFacilityPhoto(
  { db, store, now }: ImageContext,
  scope: ProviderScope,
  facilityId: string,
  photoId: string,
  content: Uint8Array,
): Promise<{ photo: FacilityPhoto; created: boolean }> {
  assertManagesPhotos(scope);
  // Another provider's facility is 404 before anything is decoded.
  const [facility] = await db
    .select({ id: facilities.id })
    .from(facilities)
    .where(and(eq(facilities.id, facilityId), eq(facilities.providerId, scope.providerId)));
  if (!facility) throw new NotFoundError();
  const existing = await findPhoto(db, scope, facilityId, photoId);
  if (existing) return { photo: photoOf(existing), created: false };
  const image = await normaliseImage(content, 'photo');
  try {
    return await db.transaction(async (tx) => {
      await lockFacility(tx, scope, facilityId);
      const again = await findPhoto(tx, scope, facilityId, photoId);
      if (again) return { photo: photoOf(again), created: false };
      const [count] = await tx
        .select({
          photos: sql<number>`count(*)::int`,
          next: sql<number>`coalesce(max(${facilityPhotos.position}) + 1, 0)::int`,
        })
        .from(facilityPhotos)
        .where(eq(facilityPhotos.facilityId, facilityId));
      if ((count?.photos ?? 0) >= maxPhotosPerFacility) {
        throw new AppError(
          'ImageLimitReached',
          `A facility can have at most ${maxPhotosPerFacility} photos.`,
        );
      }
      await store.put(tx, image);
      await tx.insert(facilityPhotos).values({
        id: photoId,
        providerId: scope.providerId,
        facilityId,
        imageKey: image.key,
        position: count?.next ?? 0,
      });
      await confirmListingBy(tx, scope, now);
      const stored = await findPhoto(tx, scope, facilityId, photoId);
      if (!stored) throw new NotFoundError();
      return { photo: photoOf(stored), created: true };
    });
  } catch (error) {
    const failure = postgresErrorOf(error);
    if (
      failure?.code === postgresErrorCodes.uniqueViolation &&
      failure.constraint === 'facility_photos_pkey'
    ) {
      throw new ConflictError('That id belongs to another photo.');
    }
    throw error;
  }
}

/** `PUT …/photos/{photoId}/alt`: the alt text in each language (blank: none). */
export async function updateFacilityPhotoAlt(
  db: DbExecutor,
  scope: ProviderScope,
  facilityId: string,
  photoId: string,
  input: { alt: { cs?: string | undefined; sk?: string | undefined; en?: string | undefined } },
): Promise<FacilityPhoto> {
  assertManagesPhotos(scope);
  const updated = await db
    .update(facilityPhotos)
    .set({ altCs: input.alt.cs ?? null, altSk: input.alt.sk ?? null, altEn: input.alt.en ?? null })
    .where(
      and(
        eq(facilityPhotos.id, photoId),
        eq(facilityPhotos.facilityId, facilityId),
        eq(facilityPhotos.providerId, scope.providerId),
      ),
    )
    .returning({ id: facilityPhotos.id });
  if (updated.length === 0) throw new NotFoundError();
  const photo = await findPhoto(db, scope, facilityId, photoId);
  if (!photo) throw new NotFoundError();
  return photoOf(photo);
}

/** `DELETE …/photos/{photoId}`: the photo, and its bytes unless something else shows them. */
export async function deleteFacilityPhoto(
  { db, store, onImageDeleted, now }: ImageContext,
  scope: ProviderScope,
  facilityId: string,
  photoId: string,
) {
  assertManagesPhotos(scope);
  const key = await db.transaction(async (tx) => {
    await lockFacility(tx, scope, facilityId);
    const [deleted] = await tx
      .delete(facilityPhotos)
      .where(
        and(
          eq(facilityPhotos.id, photoId),
          eq(facilityPhotos.facilityId, facilityId),
          eq(facilityPhotos.providerId, scope.providerId),
        ),
      )
      .returning({ imageKey: facilityPhotos.imageKey });
    if (!deleted) throw new NotFoundError();
    await store.deleteIfUnreferenced(tx, deleted.imageKey);
    await confirmListingBy(tx, scope, now);
    return deleted.imageKey;
  });
  onImageDeleted?.(key);
}

/** `PUT …/photo-order`: every photo of the facility once, in the new order; else 409 (it changed meanwhile). */
export async function orderFacilityPhotos(
  db: DbExecutor,
  scope: ProviderScope,
  facilityId: string,
  photoIds: string[],
): Promise<FacilityPhoto[]> {
  assertManagesPhotos(scope);
  return db.transaction(async (tx) => {
    await lockFacility(tx, scope, facilityId);
    const current = await tx
      .select({ id: facilityPhotos.id })
      .from(facilityPhotos)
      .where(eq(facilityPhotos.facilityId, facilityId));
    const given = new Set(photoIds);
    if (
      given.size !== photoIds.length ||
      current.length !== photoIds.length ||
      current.some((photo) => !given.has(photo.id))
    ) {
      throw new ConflictError('The order must name every photo of the facility once; reload the photos.');
    }
    for (const [position, id] of photoIds.entries()) {
      await tx.update(facilityPhotos).set({ position }).where(eq(facilityPhotos.id, id));
    }
    return (await photosOf(tx, scope.providerId, [facilityId])).map(photoOf);
  });
}
