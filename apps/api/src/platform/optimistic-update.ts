import type { DbExecutor } from '@opora/db';
import { and, eq, type InferSelectModel, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { NotFoundError, RecordChangedError } from './errors.ts';

/** A table whose rows carry an `id` and the optimistic-concurrency `revision` (decision 0099). */
export type RevisionedTable = PgTable & { id: PgColumn; revision: PgColumn };

interface AtRevision {
  id: string;
  /** The revision the caller read and edited. */
  revision: number;
  /** The caller's scope (e.g. "of this provider"): a row outside it is as missing (404). */
  scope?: SQL | undefined;
  /**
   * The record as its read operation answers it, or undefined when it is gone or out of scope;
   * answered in the 409 when the revision no longer matches.
   */
  current: () => Promise<unknown>;
}

async function refuse(current: AtRevision['current']): Promise<never> {
  const record = await current();
  if (record === undefined) throw new NotFoundError();
  throw new RecordChangedError(record);
}

/**
 * `update … set …, revision = revision + 1 where id = … and revision = … returning *`: the save
 * applies only to the revision the caller edited, so of two saves from the same revision exactly one
 * wins and the other gets 409 `RecordChangedByAnother` with the record as it now is; nothing is
 * overwritten unseen. A row that is missing or outside `scope` answers 404.
 */
export async function updateAtRevision<T extends RevisionedTable>(
  db: DbExecutor,
  table: T,
  values: PgUpdateSetSource<T>,
  target: AtRevision,
): Promise<InferSelectModel<T>> {
  const rows = (await db
    .update(table)
    .set({ ...values, revision: sql`${table.revision} + 1` } as PgUpdateSetSource<T>)
    .where(and(eq(table.id, target.id), eq(table.revision, target.revision), target.scope))
    .returning()) as InferSelectModel<T>[];
  const [row] = rows;
  if (row) return row;
  return refuse(target.current);
}

/** `delete … where id = … and revision = …`: a record changed since the caller saw it is not deleted (409). */
export async function deleteAtRevision<T extends RevisionedTable>(
  db: DbExecutor,
  table: T,
  target: AtRevision,
): Promise<void> {
  const rows = await db
    .delete(table)
    .where(and(eq(table.id, target.id), eq(table.revision, target.revision), target.scope))
    .returning({ id: table.id });
  if (rows.length > 0) return;
  await refuse(target.current);
}

/**
 * The same rule for a save that is not a single-row update (a service with its counties): `write`
 * answers whether it wrote (the revision still matched); when it did not, the record as it is now is
 * read and the save is refused with it.
 */
export async function optimisticUpdate<T>(
  write: () => Promise<boolean>,
  readCurrent: () => Promise<T>,
): Promise<void> {
  if (await write()) return;
  throw new RecordChangedError(await readCurrent());
}
