import type { Case, CaseCreateInput } from '@opora/contracts';
import { cases, type Db } from '@opora/db';
import { and, eq } from 'drizzle-orm';
import { ConflictError } from '../platform/errors.ts';
import { readCase } from './case-views.ts';

/**
 * Opens a case of the caller (for `clientId`, or without a client yet). With a `creationKey` it is
 * idempotent: the same owner and key answer the case made the first time (a reload of the page that
 * creates it, a double click, a retry after a lost answer), concurrent calls included — the unique
 * index decides; the key reused for another client is a 409 `Conflict`. Without a key every call
 * opens a case.
 */
export async function openCase(
  db: Db,
  userId: string,
  input: CaseCreateInput,
  clientId: string | null = null,
): Promise<Case> {
  const values = {
    date: input.date,
    fcServiceLevel: input.fcServiceLevel,
    name: input.name,
    ownerUserId: userId,
    clientId,
    creationKey: input.creationKey ?? null,
  };
  const [created] = await db
    .insert(cases)
    .values(values)
    .onConflictDoNothing({ target: [cases.ownerUserId, cases.creationKey] })
    .returning({ id: cases.id });
  if (created) return readCase(db, userId, created.id);
  const [earlier] = await db
    .select({ id: cases.id, clientId: cases.clientId })
    .from(cases)
    .where(and(eq(cases.ownerUserId, userId), eq(cases.creationKey, values.creationKey ?? '')));
  if (!earlier) throw new Error('A case conflicted on its creation key but none has it');
  // A case made without a client may have got one since (the wizard entered it): still the same case.
  if (clientId !== null && earlier.clientId !== clientId) {
    throw new ConflictError('This creation key was used for another case.');
  }
  return readCase(db, userId, earlier.id);
}

/** `POST /cases`: a new case of the caller, without a client yet (the wizard enters the client next). */
export async function createCase(db: Db, userId: string, input: CaseCreateInput): Promise<Case> {
  return openCase(db, userId, input);
}
