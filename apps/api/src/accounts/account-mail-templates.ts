import { layoutMail, type MailRenderers, mailHead } from '../platform/mail-render.ts';

declare module '../platform/mail-render.ts' {
  interface MailTemplates {
    'email-confirmation': { link: string; validDays: number };
    'password-reset': { link: string; validHours: number };
  }
}

/** What the account's own e-mails say: a link to confirm the address, a link to set a new password. */
export const accountMailTemplates: MailRenderers<'email-confirmation' | 'password-reset'> = {
  'email-confirmation': layoutMail((t, params) => ({
    ...mailHead(t, 'emailConfirmation', params),
    validity: t('emailConfirmation.validity', { count: params.validDays }),
    ignore: t('emailConfirmation.ignore'),
  })),
  'password-reset': layoutMail((t, params) => ({
    ...mailHead(t, 'passwordReset', params),
    validity: t('passwordReset.validity', { count: params.validHours }),
    ignore: t('passwordReset.ignore'),
  })),
};
