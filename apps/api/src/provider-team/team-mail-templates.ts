import { layoutMail, type MailRenderers, mailHead } from '../platform/mail-render.ts';

declare module '../platform/mail-render.ts' {
  interface MailTemplates {
    /**
     * An invitation to a provider's team, in the language the inviter chose: the link registers (or
     * signs in) and joins; `validUntil` (`dd. MM. yyyy`) is the last day it works.
     */
    'provider-invitation': { link: string; providerName: string; inviterName: string; validUntil: string };
  }
}

/** What the team e-mails say: the invitation. */
export const teamMailTemplates: MailRenderers<'provider-invitation'> = {
  'provider-invitation': layoutMail((t, params) => ({
    ...mailHead(t, 'providerInvitation', params),
    validity: t('providerInvitation.validity', params),
    ignore: t('providerInvitation.ignore'),
    footer: t('providerInvitation.footer', params),
  })),
};
