/**
 * Per-client-address budgets of the account operations that send e-mail, create accounts or test
 * passwords: far below the global budget (RATE_LIMIT_MAX a minute), yet enough for a family or a care
 * home registering several people behind one address. Each route counts on its own.
 */
export const accountRateLimits = {
  // `max` is SIGN_UP_RATE_LIMIT_MAX (default 20).
  signUp: { max: 20, timeWindow: '10 minutes' },
  requestPasswordReset: { max: 10, timeWindow: '10 minutes' },
  resetPassword: { max: 20, timeWindow: '10 minutes' },
  confirmEmail: { max: 30, timeWindow: '10 minutes' },
  resendEmailConfirmation: { max: 10, timeWindow: '10 minutes' },
  changePassword: { max: 10, timeWindow: '10 minutes' },
} as const;
