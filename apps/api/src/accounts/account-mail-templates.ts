import { layoutMail, type MailRenderers } from '../platform/mail-render.ts';

declare module '../platform/mail-render.ts' {
  interface MailTemplates {
    'email-confirmation': { link: string; validDays: number };
    'password-reset': { link: string; validHours: number };
  }
}

/** What the account's own e-mails say: a link to confirm the address, a link to set a new password. */
export const accountMailTemplates: MailRenderers<'email-confirmation' | 'password-reset'> = {
  'email-confirmation': layoutMail((t, params) => ({
    subject: t('emailConfirmation.subject'),
    intro: t('emailConfirmation.intro'),
    action: t('emailConfirmation.action'),
    link: params.link,
    validity: t('emailConfirmation.validity', { count: params.validDays }),
    ignore: t('emailConfirmation.ignore'),
  })),
  'password-reset': layoutMail((t, params) => ({
    subject: t('passwordReset.subject'),
    intro: t('passwordReset.intro'),
    action: t('passwordReset.action'),
    link: params.link,
    validity: t('passwordReset.validity', { count: params.validHours }),
    ignore: t('passwordReset.ignore'),
  })),
};
