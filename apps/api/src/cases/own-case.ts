import { createHash } from 'node:crypto';
import { cases, type DbExecutor } from '@opora/db';
import { and, eq, isNull } from 'drizzle-orm';
import { NotFoundError } from '../platform/errors.ts';

export type OwnCase = typeof cases.$inferSelect;

/**
 * The caller's case, or 404 `NotFoundException` — another user's case answers exactly as a missing
 * one. Every case route (and the questionnaires of a case) reads its case through here. With
 * `forUpdate`, the row stays locked until the transaction ends (concurrent saves take turns).
 */
export async function findOwnCase(
  db: DbExecutor,
  userId: string,
  caseId: string,
  { forUpdate = false }: { forUpdate?: boolean } = {},
): Promise<OwnCase> {
  const query = db
    .select()
    .from(cases)
    .where(and(eq(cases.id, caseId), eq(cases.ownerUserId, userId)));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw new NotFoundError();
  return row;
}

/** A guest secret as the server makes it: 32 random bytes, base64url (43 characters). */
const guestSecretPattern = /^[A-Za-z0-9_-]{43}$/;

/** Whether a value can be a guest secret at all (anything else is refused without a query). */
export function isGuestSecret(secret: string | undefined): secret is string {
  return secret !== undefined && guestSecretPattern.test(secret);
}

/** What the database keeps of a guest secret: its SHA-256, hex. */
export function hashGuestSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/**
 * A guest's case (no owner yet) by its id and the secret the guest's browser holds (`X-Guest-Secret`),
 * or 404 `NotFoundException`: a missing or wrong secret, a claimed case and a missing one answer
 * alike, so the id in an address gives nothing away. Found by the secret's hash (unique index), then
 * compared with the id. With `forUpdate`, the row stays locked until the transaction ends.
 */
export async function findGuestCase(
  db: DbExecutor,
  caseId: string,
  secret: string | undefined,
  { forUpdate = false }: { forUpdate?: boolean } = {},
): Promise<OwnCase> {
  if (!isGuestSecret(secret)) throw new NotFoundError();
  const query = db
    .select()
    .from(cases)
    .where(
      and(
        eq(cases.guestSecretHash, hashGuestSecret(secret)),
        eq(cases.id, caseId),
        isNull(cases.ownerUserId),
      ),
    );
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw new NotFoundError();
  return row;
}
