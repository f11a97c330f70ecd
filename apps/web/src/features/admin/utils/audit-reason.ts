import {
  isOneOf,
  type ProviderRejectionReason,
  providerRejectionReasons,
  type StaffAction,
} from '@opora/contracts';

/** The actions whose reason is a rejection's: its reason code, then the note. */
const rejections: readonly StaffAction[] = ['provider-verification-rejected', 'provider-claim-rejected'];

/**
 * An audit entry's reason as written: for a rejection, its reason code and then the note after a
 * separator (`details-differ: …`), the code split off to be translated; any other reason as given.
 */
export function splitAuditReason(
  action: StaffAction,
  reason: string,
): { code: ProviderRejectionReason | null; text: string } {
  const match = rejections.includes(action) ? /^([a-z-]+)(?::\s*|$)([\s\S]*)$/.exec(reason.trim()) : null;
  if (match?.[1] && isOneOf(providerRejectionReasons, match[1])) {
    return { code: match[1], text: (match[2] ?? '').trim() };
  }
  return { code: null, text: reason };
}
