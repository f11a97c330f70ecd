import type { CareRequestDeclineReason, CareRequestStatusCode } from '@opora/contracts';
import { layoutMail, type MailRenderers, mailHead } from '../platform/mail-render.ts';

declare module '../platform/mail-render.ts' {
  interface MailTemplates {
    /** A care request was sent: to its sender, with the reference and the date the provider should answer by. */
    'care-request-sent': {
      link: string;
      code: string;
      serviceName: string;
      providerName: string;
      clientName: string;
      /** `dd. MM. yyyy`. */
      answerBy: string;
    };
    /** A new care request: to the provider's address for requests; the details stay in the inbox. */
    'care-request-received': { link: string; code: string; serviceName: string; facilityName: string };
    /** The sender withdrew a care request: to the provider's address for requests. */
    'care-request-withdrawn': { link: string; code: string; serviceName: string };
    /** The provider changed a care request's status: to its sender. */
    'care-request-status-changed': {
      link: string;
      code: string;
      serviceName: string;
      providerName: string;
      status: CareRequestStatusCode;
      /** Why it was declined (`rejected`), and the provider's own words on it. */
      reason?: CareRequestDeclineReason;
      reasonText?: string;
    };
  }
}

/** What the e-mails about a sent request say (`request-mails.ts` sends them). */
export const requestMailTemplates: MailRenderers<
  'care-request-sent' | 'care-request-received' | 'care-request-withdrawn' | 'care-request-status-changed'
> = {
  'care-request-sent': layoutMail((t, params) => ({
    ...mailHead(t, 'careRequestSent', params),
    validity: t('careRequestSent.next', { date: params.answerBy }),
    ignore: t('careRequestSent.withdraw'),
  })),
  'care-request-received': layoutMail((t, params) => ({
    ...mailHead(t, 'careRequestReceived', params),
    validity: t('careRequestReceived.answer'),
    ignore: '',
    footer: t('careRequestReceived.footer'),
  })),
  'care-request-withdrawn': layoutMail((t, params) => ({
    ...mailHead(t, 'careRequestWithdrawn', params),
    validity: '',
    ignore: '',
    footer: t('careRequestReceived.footer'),
  })),
  'care-request-status-changed': layoutMail((t, params) => {
    const { reason, reasonText } = params;
    // With `other` the provider's words are the reason; "Reason: another reason" would say nothing.
    const why = [
      reason && !(reason === 'other' && reasonText)
        ? t('careRequestStatusChanged.reason', { reason: t(`careRequestDeclineReasons.${reason}`) })
        : '',
      reasonText ? t('careRequestStatusChanged.reasonText', { text: reasonText }) : '',
    ];
    return {
      subject: t('careRequestStatusChanged.subject', { code: params.code }),
      intro: [
        t('careRequestStatusChanged.intro', {
          ...params,
          status: t(`careRequestStatuses.${params.status}`),
        }),
        ...why,
      ]
        .filter(Boolean)
        .join(' '),
      action: t('careRequestStatusChanged.action'),
      link: params.link,
      validity: t(`careRequestStatusChanged.next.${params.status}`, { defaultValue: '' }),
      ignore: '',
    };
  }),
};
