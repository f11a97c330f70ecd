import { accountMailTemplates } from './accounts/account-mail-templates.ts';
import { assistantMailTemplates } from './assistant-work/assistant-mail-templates.ts';
import { contactMailTemplates } from './contact/contact-mail-templates.ts';
import type { MailRenderers } from './platform/mail-render.ts';
import { inboxMailTemplates } from './provider-inbox/inbox-mail-templates.ts';
import { listingMailTemplates } from './provider-listing/listing-mail-templates.ts';
import { providerPlanMailTemplates } from './provider-plan/provider-plan-mail-templates.ts';
import { teamMailTemplates } from './provider-team/team-mail-templates.ts';
import { verificationMailTemplates } from './provider-verification/verification-mail-templates.ts';
import { requestMailTemplates } from './requests/request-mail-templates.ts';
import { subscriptionMailTemplates } from './subscriptions/subscription-mail-templates.ts';
import { supportMailTemplates } from './support/support-mail-templates.ts';

/**
 * Every e-mail Opora sends, each rendered by the domain that sends it — the table of contents of the
 * mail. A template a domain declares and this table misses fails `pnpm typecheck`.
 */
export const mailTemplates: MailRenderers = {
  ...accountMailTemplates, //      email-confirmation, password-reset
  ...contactMailTemplates, //      contact-message (to the support address)
  ...requestMailTemplates, //      care-request-sent, -received, -withdrawn, -status-changed
  ...inboxMailTemplates, //        care-request-assigned, -reminder, -escalated, -expired; provider-export-ready
  ...subscriptionMailTemplates, // subscription-notice
  ...providerPlanMailTemplates, // provider-plan-trial-ending, provider-plan-lapsed
  ...listingMailTemplates, //      listing-confirmation-due (to a provider's administrators)
  ...teamMailTemplates, //         provider-invitation (to an invited colleague)
  ...verificationMailTemplates, // provider-verification-approved, -rejected, -lapsed (to a provider's administrators)
  ...supportMailTemplates, //      support-reply (staff's answer to a contact-form message)
  ...assistantMailTemplates, //    assistant-task-claimed, -closed (to the carer); assistant-follow-up-due (to the assistant)
};
