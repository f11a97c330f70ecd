import { accountDeletions } from './accounts/delete-account.ts';
import { passwordResets } from './accounts/request-password-reset.ts';
import { abandonedSignUps } from './accounts/sign-up-attempts.ts';
import { assistantFollowUpReminders } from './assistant-work/follow-up-reminders.ts';
import { guestCaseCleanup } from './cases/guest-cases.ts';
import { stopRenewals } from './payments/gateways.ts';
import type { BackgroundWork } from './platform/jobs.ts';
import { emailDelivery } from './platform/mail.ts';
import { providerExportSweep, providerExportWork } from './provider-inbox/export/export-jobs.ts';
import { careRequestDeadlines } from './provider-inbox/reminders/deadline-sweep.ts';
import { listingConfirmationReminders } from './provider-listing/listing-reminders.ts';
import { providerPlanSweep } from './provider-plan/provider-plan-sweep.ts';
import { providerVerificationSweep } from './provider-verification/verification-sweep.ts';
import { subscriptionSweep } from './subscriptions/renewals.ts';
import { testGatewayDelivery } from './subscriptions/test-gateway-routes.ts';
import { supportRetention } from './support/support-retention.ts';

/**
 * Every queue of background work and its worker — the table of contents of what runs outside
 * requests. Use cases send these jobs in their own transactions (nothing external is called while a
 * transaction is open); the workers run in the API process, or in `pnpm worker` with JOBS_WORKER=false
 * on the API replicas.
 */
export const backgroundWork: readonly BackgroundWork[] = [
  emailDelivery, //    email-delivery: send a recorded e-mail (SMTP, or the development outbox)
  passwordResets, //   password-reset: issue a reset link and queue its e-mail (nothing for an unknown address)
  abandonedSignUps, // abandoned-sign-up: remove the identity account a sign-up left half-way
  accountDeletions, // account-deletion: anonymise an account whose deletion stopped after the identity step
  subscriptionSweep, // subscription-sweep: every 10 minutes, renewal reminders, renewals, endings, abandoned checkouts
  testGatewayDelivery, // test-gateway-delivery: the test gateway's signed callback, over HTTP, retried
  stopRenewals, //     stop-renewals: tell the gateway (Stripe) a subscription cancelled or ended here renews no more
  guestCaseCleanup, // guest-case-cleanup: hourly, guest cases nobody claimed within 30 days deleted with their answers
  careRequestDeadlines, // care-request-deadlines: every 15 minutes, requests still new reminded (2 working days), escalated (4), expired (10)
  providerExportWork, // provider-export: a large export of a provider's requests made into a file, its requester e-mailed
  providerExportSweep, // provider-export-sweep: hourly, exports past their 7 days deleted with their files
  providerPlanSweep, // provider-plan-sweep: every 10 minutes, trial-ending reminders, unpaid providers unlisted (e-mailed), paid ones listed
  listingConfirmationReminders, // listing-confirmation-sweep: hourly, listings unconfirmed for 6 months reminded to their administrators
  assistantFollowUpReminders, // assistant-follow-up-sweep: hourly, assistants reminded of calls they planned to make again today
  supportRetention, // support-retention-sweep: daily, closed support messages a year old deleted
  providerVerificationSweep, // provider-verification-sweep: hourly, year-old checks queued again (30 days ahead), lapsed ones unverified (e-mailed)
];
