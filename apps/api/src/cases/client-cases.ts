import type { Case, CaseCreateInput } from '@opora/contracts';
import { cases, clients, type Db } from '@opora/db';
import { and, eq } from 'drizzle-orm';
import { NotFoundError } from '../platform/errors.ts';
import { readCases } from './case-views.ts';
import { openCase } from './create-case.ts';

/** The caller's client, or 404 `NotFoundException` (another user's client answers as a missing one). */
async function assertOwnClient(db: Db, userId: string, clientId: string): Promise<void> {
  const [client] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.ownerUserId, userId)));
  if (!client) throw new NotFoundError();
}

/** `GET /clients/{clientId}/cases`: the client's cases, newest first. */
export async function listClientCases(db: Db, userId: string, clientId: string): Promise<Case[]> {
  await assertOwnClient(db, userId, clientId);
  return readCases(db, userId, eq(cases.clientId, clientId));
}

/** `POST /clients/{clientId}/cases`: a new need of a client already entered (the new-case wizard). */
export async function createClientCase(
  db: Db,
  userId: string,
  clientId: string,
  input: CaseCreateInput,
): Promise<Case> {
  await assertOwnClient(db, userId, clientId);
  return openCase(db, userId, input, clientId);
}
