import type { UpdateCurrentUser } from '@opora/contracts';
import { users } from '@opora/db';
import { eq } from 'drizzle-orm';
import type { Principal } from '../platform/auth.ts';
import type { AccountContext } from './account-context.ts';
import { withUserProfile } from './identity-errors.ts';

/**
 * `PATCH /users/me`: names, phone and language. Names are also the identity account's (they appear in
 * tokens), so the identity server is updated inside the transaction: when it fails, nothing changes.
 */
export async function updateCurrentUser(
  context: AccountContext,
  principal: Principal,
  changes: UpdateCurrentUser,
): Promise<void> {
  await context.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        ...(changes.firstName !== undefined && { firstName: changes.firstName }),
        ...(changes.lastName !== undefined && { lastName: changes.lastName }),
        ...(changes.phone !== undefined && { phone: changes.phone }),
        ...(changes.locale !== undefined && { locale: changes.locale }),
      })
      .where(eq(users.id, principal.userId));
    if (changes.firstName !== undefined || changes.lastName !== undefined) {
      await withUserProfile(() =>
        context.identityAdmin.updateUser(principal.subject, {
          ...(changes.firstName !== undefined && { firstName: changes.firstName }),
          ...(changes.lastName !== undefined && { lastName: changes.lastName }),
        }),
      );
    }
  });
}
