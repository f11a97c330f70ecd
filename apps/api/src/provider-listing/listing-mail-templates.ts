import { layoutMail, type MailRenderers, mailHead } from '../platform/mail-render.ts';

declare module '../platform/mail-render.ts' {
  interface MailTemplates {
    /**
     * Six months since the provider last confirmed its listing: to its administrators, with a link to the
     * provider area's banner; `confirmedOn` (`dd. MM. yyyy`) is the last confirmation.
     */
    'listing-confirmation-due': { link: string; providerName: string; confirmedOn: string };
  }
}

/** What the provider-listing e-mails say: the six-monthly "is your listing still true?". */
export const listingMailTemplates: MailRenderers<'listing-confirmation-due'> = {
  'listing-confirmation-due': layoutMail((t, params) => ({
    ...mailHead(t, 'listingConfirmationDue', params),
    validity: t('listingConfirmationDue.outdated'),
    ignore: '',
    footer: t('listingConfirmationDue.footer'),
  })),
};
