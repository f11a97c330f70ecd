import { fullName, type ProviderNoteSave, type ProviderNoteSaved } from '@opora/contracts';
import { careRequestEvents, careRequestNotes, type Db, type DbExecutor, users } from '@opora/db';
import { eq, sql } from 'drizzle-orm';
import type { ProviderScope } from '../platform/provider-scope.ts';
import { lockCareRequestInScope } from './locked-care-request.ts';

/** An author's saves within this long of their last `note-changed` event add no event of their own. */
export const noteEventIntervalMinutes = 10;

/** The request's note with its last author, if it has one. */
async function readNote(tx: DbExecutor, careRequestId: string) {
  const [note] = await tx
    .select({
      text: careRequestNotes.text,
      version: careRequestNotes.version,
      updatedAt: careRequestNotes.updatedAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(careRequestNotes)
    .leftJoin(users, eq(users.id, careRequestNotes.authorUserId))
    .where(eq(careRequestNotes.careRequestId, careRequestId));
  return note;
}

/**
 * `PUT …/requests/{id}/note`: the internal note, saved as typed. Last write wins: the save always
 * lands. When it was typed over an older version than the stored one (a colleague or another tab
 * saved meanwhile) and replaces a different text, the answer's `overwritten` carries that text and a
 * `note-changed` event keeps it in the history, so nothing is lost silently. Otherwise the history
 * gets a `note-changed` event (without text) at most once per `noteEventIntervalMinutes` per author:
 * who edited it, not every keystroke. A save of the text already stored (a retry) changes nothing.
 * Saves of one request wait for each other on its row lock, so two first saves make one note.
 */
export async function saveProviderCareRequestNote(
  db: Db,
  scope: ProviderScope,
  careRequestId: string,
  input: ProviderNoteSave,
): Promise<ProviderNoteSaved> {
  return db.transaction(async (tx) => {
    await lockCareRequestInScope(tx, scope, careRequestId);
    const current = await readNote(tx, careRequestId);
    const currentText = current?.text ?? '';
    const currentVersion = current?.version ?? 0;
    const currentAuthor = current ? fullName(current) : '';
    if (currentText === input.text) {
      return {
        text: currentText,
        version: currentVersion,
        updatedDate: current?.updatedAt.toISOString() ?? null,
        updatedBy: currentAuthor || null,
        overwritten: null,
      };
    }
    const overwritten =
      input.baseVersion !== currentVersion && currentText !== ''
        ? { text: currentText, updatedBy: currentAuthor || null }
        : null;

    await tx
      .insert(careRequestNotes)
      .values({ careRequestId, authorUserId: scope.userId, text: input.text, version: 1 })
      .onConflictDoUpdate({
        target: careRequestNotes.careRequestId,
        set: {
          text: input.text,
          authorUserId: scope.userId,
          version: sql`${careRequestNotes.version} + 1`,
          updatedAt: sql`now()`,
        },
      });
    if (overwritten) {
      await tx.insert(careRequestEvents).values({
        careRequestId,
        createdByUserId: scope.userId,
        kind: 'note-changed',
        payload: { replacedText: overwritten.text, replacedVersion: currentVersion },
      });
    } else {
      const event = careRequestEvents;
      // One statement that adds the event unless the author's last one is recent: insert … select.
      await tx.execute(sql`
        insert into ${event} (${sql.identifier(event.careRequestId.name)}, ${sql.identifier(event.createdByUserId.name)},
          ${sql.identifier(event.kind.name)})
        select ${careRequestId}, ${scope.userId}, 'note-changed'
        where not exists (
          select 1 from ${event}
          where ${event.careRequestId} = ${careRequestId} and ${event.kind} = 'note-changed'
            and ${event.createdByUserId} = ${scope.userId}
            and ${event.eventDate} > now() - make_interval(mins => ${noteEventIntervalMinutes}))
      `);
    }
    const saved = await readNote(tx, careRequestId);
    if (!saved) throw new Error('The note just saved is missing');
    return {
      text: saved.text,
      version: saved.version,
      updatedDate: saved.updatedAt.toISOString(),
      updatedBy: fullName(saved) || null,
      overwritten,
    };
  });
}
