import type { UpdateCurrentUser } from '@opora/contracts';
import { users } from '@opora/db';
import { eq } from 'drizzle-orm';
import type { Principal } from '../platform/auth.ts';
import type { AccountContext } from './account-context.ts';
import { withUserProfile } from './identity-errors.ts';

/**
 * `PATCH /users/me`: names, phone and language. Names are also the identity account's (they appear in
 * tokens). No identity call runs inside a transaction: the identity server is asked first (when it
 * refuses or fails, nothing changed), then the application's row; should that fail, the identity
 * account gets its previous names back.
 */
export async function updateCurrentUser(
  context: AccountContext,
  principal: Principal,
  changes: UpdateCurrentUser,
): Promise<void> {
  const namesChange = changes.firstName !== undefined || changes.lastName !== undefined;
  let previous: { firstName: string | null; lastName: string | null } | undefined;
  if (namesChange) {
    [previous] = await context.db
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, principal.userId));
    await withUserProfile(() =>
      context.identityAdmin.updateUser(principal.subject, {
        ...(changes.firstName !== undefined && { firstName: changes.firstName }),
        ...(changes.lastName !== undefined && { lastName: changes.lastName }),
      }),
    );
  }
  try {
    await context.db
      .update(users)
      .set({
        ...(changes.firstName !== undefined && { firstName: changes.firstName }),
        ...(changes.lastName !== undefined && { lastName: changes.lastName }),
        ...(changes.phone !== undefined && { phone: changes.phone }),
        ...(changes.locale !== undefined && { locale: changes.locale }),
      })
      .where(eq(users.id, principal.userId));
  } catch (error) {
    if (previous?.firstName && previous.lastName) {
      const names = { firstName: previous.firstName, lastName: previous.lastName };
      await context.identityAdmin.updateUser(principal.subject, names).catch(() => undefined);
    }
    throw error;
  }
}
