import { type DbExecutor, documentContents } from '@opora/db';
import { eq } from 'drizzle-orm';

/**
 * Where the bytes of documents live, by `documents.storage_key`. Writes take the transaction that
 * writes the `documents` row, so a row never points at missing bytes. Only the PostgreSQL store
 * exists (docs/decisions.md "Documents"); an S3-compatible one would put before the row's commit and
 * delete after it (a pg-boss job), keeping this interface.
 */
export interface DocumentStore {
  /** Stores the bytes under a key whose `documents` row this transaction has just inserted. */
  put(tx: DbExecutor, storageKey: string, content: Uint8Array): Promise<void>;
  /** The bytes, or undefined when there are none (deleted meanwhile). */
  get(db: DbExecutor, storageKey: string): Promise<Buffer | undefined>;
  /** Removes the bytes in the transaction that deletes the `documents` row. */
  delete(tx: DbExecutor, storageKey: string): Promise<void>;
}

/** Bytes in `document_contents`: in the same transactions, backups and deletions as the rows. */
export const postgresDocumentStore: DocumentStore = {
  async put(tx, storageKey, content) {
    const bytes = Buffer.isBuffer(content)
      ? content
      : Buffer.from(content.buffer, content.byteOffset, content.byteLength);
    await tx.insert(documentContents).values({ storageKey, content: bytes });
  },
  async get(db, storageKey) {
    const [row] = await db
      .select({ content: documentContents.content })
      .from(documentContents)
      .where(eq(documentContents.storageKey, storageKey));
    return row?.content;
  },
  async delete(tx, storageKey) {
    await tx.delete(documentContents).where(eq(documentContents.storageKey, storageKey));
  },
};
