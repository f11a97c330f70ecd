import { storedImagePathPrefix } from '@opora/contracts';
import {
  type DbExecutor,
  facilityPhotos,
  postgresErrorCodes,
  postgresErrorOf,
  providers,
  storedImages,
} from '@opora/db';
import { and, eq, notExists, sql } from 'drizzle-orm';
import type { NormalisedImage } from './image-files.ts';

/** The address a stored image is served at, and that the image proxy takes as its `url`. */
export function storedImagePath(key: string): string {
  return `${storedImagePathPrefix}${key}`;
}

/** A stored image's bytes and type, for the proxy and the stored-image route. */
export interface StoredImageContent {
  key: string;
  contentType: string;
  content: Buffer;
}

/**
 * Where image bytes live, as `DocumentStore` for documents (decision 0064): writes take the
 * transaction that writes the referencing row, so a logo or photo never points at missing bytes.
 * Only the PostgreSQL store exists; an object store would keep this interface.
 */
export interface ImageStore {
  /**
   * Stores the image under its key (the same bytes once), locking its row for this transaction so
   * a concurrent removal of its last other reference cannot delete it under the new one.
   */
  put(tx: DbExecutor, image: NormalisedImage): Promise<void>;
  get(db: DbExecutor, key: string): Promise<StoredImageContent | undefined>;
  /** Deletes the image when no logo or photo refers to it any more. */
  deleteIfUnreferenced(tx: DbExecutor, key: string): Promise<void>;
}

export const postgresImageStore: ImageStore = {
  async put(tx, image) {
    await tx
      .insert(storedImages)
      .values({
        key: image.key,
        contentType: image.contentType,
        width: image.width,
        height: image.height,
        sizeBytes: image.content.byteLength,
        content: image.content,
      })
      // An update that changes nothing, so an existing row is locked as a new one would be.
      .onConflictDoUpdate({ target: storedImages.key, set: { key: sql`excluded.key` } });
  },
  async get(db, key) {
    const [row] = await db
      .select({ key: storedImages.key, contentType: storedImages.contentType, content: storedImages.content })
      .from(storedImages)
      .where(eq(storedImages.key, key));
    return row;
  },
  async deleteIfUnreferenced(tx, key) {
    // In a savepoint: a reference added by a transaction that committed meanwhile makes the delete
    // fail its foreign key, which only means the image is still in use.
    try {
      await tx.transaction(async (savepoint) => {
        await savepoint
          .delete(storedImages)
          .where(
            and(
              eq(storedImages.key, key),
              notExists(
                savepoint.select({ one: sql`1` }).from(providers).where(eq(providers.logoImageKey, key)),
              ),
              notExists(
                savepoint
                  .select({ one: sql`1` })
                  .from(facilityPhotos)
                  .where(eq(facilityPhotos.imageKey, key)),
              ),
            ),
          );
      });
    } catch (error) {
      const code = postgresErrorOf(error)?.code;
      if (code === postgresErrorCodes.foreignKeyViolation || code === postgresErrorCodes.restrictViolation) {
        return;
      }
      throw error;
    }
  },
};
