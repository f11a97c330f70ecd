import type { ProviderJoin, ProviderJoinResult } from '@opora/contracts';
import { postgresErrorCodes, postgresErrorOf } from '@opora/db';
import type { AccountContext } from '../accounts/account-context.ts';
import { signUpWith } from '../accounts/sign-up.ts';
import {
  claimProvider,
  createProviderForAdministrator,
  findListing,
  identificationCodeTakenError,
  requireCounty,
} from './provider-records.ts';

/**
 * An organisation joins (issue 23 §1, docs/decisions/0095): the administrator's account exactly as a
 * sign-up makes it (same fields, rules, identity account and compensation), and in the account's
 * transaction the provider — a new one, or the unclaimed listing of the same IČO and country, which
 * it claims. An IČO whose provider has users already is refused beside the IČO before any identity
 * account exists; a join that loses a race for the same IČO is refused the same way, and its identity
 * account is removed again.
 */
export async function joinAsProvider(
  context: AccountContext,
  input: ProviderJoin,
): Promise<ProviderJoinResult> {
  const details = input.organisation;
  const { account, extra } = await signUpWith(context, input, {
    check: async () => {
      await requireCounty(context.db, details.address.countyCode);
      const listing = await findListing(context.db, details);
      if (listing?.claimed) throw identificationCodeTakenError(details.identificationCode);
    },
    complete: async (tx, userId) => {
      const listing = await findListing(tx, details);
      if (listing) {
        await claimProvider(tx, listing.id, userId, details);
        return { providerId: listing.id, claimed: true };
      }
      return { providerId: await createProviderForAdministrator(tx, userId, details), claimed: false };
    },
    refusal: (error) => {
      const postgresError = postgresErrorOf(error);
      return postgresError?.code === postgresErrorCodes.uniqueViolation &&
        postgresError.constraint === 'providers_country_identification_code_unique'
        ? identificationCodeTakenError(details.identificationCode)
        : undefined;
    },
  });
  context.log.info({ providerId: extra.providerId, claimed: extra.claimed }, 'provider joined');
  return { providerId: extra.providerId, claimed: extra.claimed, verified: false, email: account.email };
}
