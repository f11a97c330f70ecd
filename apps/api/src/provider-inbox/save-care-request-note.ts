import { fullName, type ProviderNoteSave, type ProviderNoteSaved } from '@opora/contracts';
import { careRequestEvents, type Db } from '@opora/db';
import { sql } from 'drizzle-orm';
import type { ProviderScope } from '../platform/provider-scope.ts';
import { isoInstant } from '../platform/sql-time.ts';
import { lockCareRequestInScope } from './locked-care-request.ts';

/** An author's saves within this long of their last `note-changed` event add no event of their own. */
export const noteEventIntervalMinutes = 10;

type NoteRow = {
  text: string;
  version: number;
  updated_at: string;
  first_name: string | null;
  last_name: string | null;
};

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
    const noteSql = sql`
      select n.text, n.version, ${isoInstant(sql`n.updated_at`)} as updated_at, u.first_name, u.last_name
      from care_request_notes n left join users u on u.id = n.author_user_id
      where n.care_request_id = ${careRequestId}`;
    const current = (await tx.execute<NoteRow>(noteSql)).rows[0];
    const currentText = current?.text ?? '';
    const currentVersion = current?.version ?? 0;
    const currentAuthor = current
      ? fullName({ firstName: current.first_name, lastName: current.last_name })
      : '';
    if (currentText === input.text) {
      return {
        text: currentText,
        version: currentVersion,
        updatedDate: current?.updated_at ?? null,
        updatedBy: currentAuthor || null,
        overwritten: null,
      };
    }
    const overwritten =
      input.baseVersion !== currentVersion && currentText !== ''
        ? { text: currentText, updatedBy: currentAuthor || null }
        : null;

    await tx.execute(sql`
      insert into care_request_notes (care_request_id, author_user_id, text, version)
      values (${careRequestId}, ${scope.userId}, ${input.text}, 1)
      on conflict (care_request_id) do update set
        text = excluded.text, author_user_id = excluded.author_user_id,
        version = care_request_notes.version + 1, updated_at = now()
    `);
    if (overwritten) {
      await tx.insert(careRequestEvents).values({
        careRequestId,
        createdByUserId: scope.userId,
        kind: 'note-changed',
        payload: { replacedText: overwritten.text, replacedVersion: currentVersion },
      });
    } else {
      await tx.execute(sql`
        insert into care_request_events (care_request_id, created_by_user_id, kind)
        select ${careRequestId}, ${scope.userId}, 'note-changed'
        where not exists (
          select 1 from care_request_events e
          where e.care_request_id = ${careRequestId} and e.kind = 'note-changed'
            and e.created_by_user_id = ${scope.userId}
            and e.event_date > now() - make_interval(mins => ${noteEventIntervalMinutes}))
      `);
    }
    const saved = (await tx.execute<NoteRow>(noteSql)).rows[0];
    if (!saved) throw new Error('The note just saved is missing');
    return {
      text: saved.text,
      version: saved.version,
      updatedDate: saved.updated_at,
      updatedBy: fullName({ firstName: saved.first_name, lastName: saved.last_name }) || null,
      overwritten,
    };
  });
}
