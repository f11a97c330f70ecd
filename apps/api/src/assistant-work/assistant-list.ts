import { type AssistantList, fullName } from '@opora/contracts';
import { type DbExecutor, users } from '@opora/db';
import { and, inArray, isNull } from 'drizzle-orm';
import type { IdentityAdmin } from '../platform/identity-admin.ts';

export interface AssistantListContext {
  db: DbExecutor;
  identityAdmin: Pick<IdentityAdmin, 'listUsersWithRealmRole'>;
}

/**
 * `GET /api/v1/admin/assistants` (decision 0127): who a task can be given to — the enabled accounts the
 * identity server maps the realm role `assistant` to, as their application accounts name them (the name
 * a claim copies), by name. The role lives at the identity server only, so it is asked each time.
 */
export async function listAssistants(context: AssistantListContext): Promise<AssistantList> {
  const identities = (await context.identityAdmin.listUsersWithRealmRole('assistant')).filter(
    (identity) => identity.enabled,
  );
  if (identities.length === 0) return { items: [] };
  const rows = await context.db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(
      and(
        inArray(
          users.identitySubject,
          identities.map((identity) => identity.id),
        ),
        isNull(users.anonymisedAt),
      ),
    );
  const items = rows.map((row) => ({
    userId: row.id,
    name: fullName(row) || (row.email ?? ''),
    email: row.email ?? '',
  }));
  return { items: items.toSorted((a, b) => a.name.localeCompare(b.name, 'cs')) };
}
