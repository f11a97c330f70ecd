// Where a request came from (issue 24 §2), apart from `enums.ts`: only the provider's pages and the
// API need it, and every export there weighs on the web app's first download.

/**
 * `opora`: sent by a carer through the platform. The rest: a provider entered it for a client of its
 * own who phoned, walked in, wrote, or was referred by a hospital or a municipality.
 */
export const careRequestSources = [
  'opora',
  'phone',
  'walk-in',
  'email',
  'hospital-referral',
  'municipality-referral',
] as const;
export type CareRequestSource = (typeof careRequestSources)[number];

/** The sources a provider may give a request it enters itself. */
export const providerEntrySources = [
  'phone',
  'walk-in',
  'email',
  'hospital-referral',
  'municipality-referral',
] as const satisfies readonly CareRequestSource[];
export type ProviderEntrySource = (typeof providerEntrySources)[number];
