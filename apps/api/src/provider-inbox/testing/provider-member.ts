import type { ProviderRole } from '@opora/contracts';
import { facilityAssignments, providerUsers } from '@opora/db';
import type {
  AccountOptions,
  AccountTestServer,
  SignedInAccount,
} from '../../accounts/testing/account-test-server.ts';

export interface ProviderMember extends SignedInAccount {
  providerUserId: string;
}

/** A signed-in member of a provider with these roles, assigned to these of its facilities. */
export async function providerMember(
  server: AccountTestServer,
  providerId: string,
  roles: ProviderRole[],
  { facilityIds = [], ...account }: AccountOptions & { facilityIds?: string[] } = {},
): Promise<ProviderMember> {
  const caller = await server.signedIn(account);
  const db = server.database.db;
  const [row] = await db
    .insert(providerUsers)
    .values({ providerId, userId: caller.userId, roles })
    .returning({ id: providerUsers.id });
  const providerUserId = row?.id ?? '';
  if (facilityIds.length > 0) {
    await db
      .insert(facilityAssignments)
      .values(facilityIds.map((facilityId) => ({ providerId, facilityId, providerUserId })));
  }
  return { ...caller, providerUserId };
}
