import { type CareRequestStatusCode, careRequestTransitions } from './enums.ts';

// What the provider's status dialog decides, apart from `enums.ts`: that module is part of the web
// app's first download (its enums are), and every export of a module there weighs on it, wherever it
// is used. These are needed by the provider's pages only.

/** Who moves a request to each status: the client withdraws, the platform expires, the provider the rest. */
export const clientCareRequestStatuses: readonly CareRequestStatusCode[] = ['withdrawn'];
export const platformCareRequestStatuses: readonly CareRequestStatusCode[] = ['expired'];

/** The statuses a provider may move a request to from `from` (the status picker's options). */
export function providerCareRequestTransitions(from: CareRequestStatusCode): CareRequestStatusCode[] {
  return careRequestTransitions[from].filter(
    (to) => !clientCareRequestStatuses.includes(to) && !platformCareRequestStatuses.includes(to),
  );
}

/**
 * Why a provider declined a request (`rejected`): required with that status, so outcomes can be
 * counted by reason. `other` needs a text.
 */
export const careRequestDeclineReasons = [
  'no-capacity',
  'waiting-list',
  'outside-area',
  'not-eligible',
  'client-unreachable',
  'other',
] as const;
export type CareRequestDeclineReason = (typeof careRequestDeclineReasons)[number];

/** Statuses that need a decline reason. */
export const careRequestStatusesWithReason: readonly CareRequestStatusCode[] = ['rejected'];
