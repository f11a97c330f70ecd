import { type DbExecutor, providerUsers } from '@opora/db';
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { AppError } from '../platform/errors.ts';

/** `ProviderLastAdministrator` (409): the provider would be left without a registered administrator. */
export class LastAdministratorError extends AppError {
  constructor() {
    super(
      'ProviderLastAdministrator',
      'The provider’s last administrator can be neither removed nor demoted; make someone else administrator first.',
    );
    this.name = 'LastAdministratorError';
  }
}

/**
 * Refuses a change that takes the administrator role from `providerUserId` when no other registered
 * member keeps it (a pending invitation does not count: it may never be accepted). Runs after
 * `lockProviderTeam`, so two such changes cannot both pass.
 */
export async function assertAnotherAdministrator(
  tx: DbExecutor,
  providerId: string,
  providerUserId: string,
): Promise<void> {
  const [other] = await tx
    .select({ id: providerUsers.id })
    .from(providerUsers)
    .where(
      and(
        eq(providerUsers.providerId, providerId),
        ne(providerUsers.id, providerUserId),
        isNotNull(providerUsers.userId),
        sql`'providerAdmin' = any(${providerUsers.roles})`,
      ),
    )
    .limit(1);
  if (!other) throw new LastAdministratorError();
}
