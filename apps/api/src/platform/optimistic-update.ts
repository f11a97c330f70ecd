import { AppError } from './errors.ts';

/**
 * Optimistic concurrency for records people edit side by side (issue 23: "two people editing the same
 * record → the second gets a clear 409 with the other's values"). A record carries `revision`; a save
 * names the revision it was made on, and is written only where that is still the stored one
 * (`… where id = $1 and revision = $2`, raising it by one). When nothing was written the caller reads
 * the record as it is now and throws `RecordChangedError` with it: 409 `RecordChangedByAnother`, the
 * current record in the problem's `current`, so the form can show the other person's values.
 */
export class RecordChangedError extends AppError {
  constructor(current: unknown) {
    super(
      'RecordChangedByAnother',
      'Someone else saved this record since you read it; `current` is the record as it is now.',
      { extensions: { current } },
    );
    this.name = 'RecordChangedError';
  }
}

/**
 * Runs a conditional write (`write` answers whether it wrote: the revision still matched); when it
 * did not, reads the record as it is now and refuses with it. `readCurrent` answers 404 itself when
 * the record is gone.
 */
export async function optimisticUpdate<T>(
  write: () => Promise<boolean>,
  readCurrent: () => Promise<T>,
): Promise<void> {
  if (await write()) return;
  throw new RecordChangedError(await readCurrent());
}
