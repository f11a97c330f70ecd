import type { Client } from '@opora/contracts';
import type { Db } from '@opora/db';
import { readClient } from './client-views.ts';

/** `GET /clients/{clientId}`: the caller's client; anyone else's answers 404 like a missing one. */
export async function getClient(db: Db, userId: string, clientId: string): Promise<Client> {
  return readClient(db, userId, clientId);
}
