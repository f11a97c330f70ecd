import { layoutMail, type MailRenderers, mailHead } from '../platform/mail-render.ts';

/** What the provider's reminder and escalation say (the request, not the client: that stays behind sign-in). */
interface DeadlineMailParams {
  link: string;
  code: string;
  serviceName: string;
  facilityName: string;
  workingDays: number;
  expiresOn: string;
}

declare module '../platform/mail-render.ts' {
  interface MailTemplates {
    /** A colleague assigned a request in the provider's inbox to the recipient (no personal data). */
    'care-request-assigned': { link: string; code: string; serviceName: string; facilityName: string };
    /**
     * A request still `new` after `workingDays` working days: to the provider's address for requests and
     * its assignee; `expiresOn` (`dd. MM. yyyy`) is when it expires unanswered.
     */
    'care-request-reminder': DeadlineMailParams;
    /** Still `new` after `workingDays` working days despite the reminder: to the provider's administrators. */
    'care-request-escalated': DeadlineMailParams;
    /** Nobody answered in time, so it expired: to its sender, with a link to choose another service. */
    'care-request-expired': {
      link: string;
      code: string;
      serviceName: string;
      providerName: string;
      clientName: string;
      workingDays: number;
    };
    /** A background export of the provider's requests is ready: to the person who asked for it. */
    'provider-export-ready': { link: string; format: string; validDays: number };
  }
}

/** A reminder or an escalation of a request nobody answered: the same shape, its own texts under `key`. */
function deadlineMail(key: 'careRequestReminder' | 'careRequestEscalated') {
  return layoutMail<DeadlineMailParams>((t, { workingDays, expiresOn, ...values }) => ({
    ...mailHead(t, key, { ...values, count: workingDays }),
    validity: t(`${key}.deadline`, { date: expiresOn }),
    ignore: '',
    footer: t(`${key}.footer`),
  }));
}

/** What the provider inbox's e-mails say: assignments, deadlines of unanswered requests, ready exports. */
export const inboxMailTemplates: MailRenderers<
  | 'care-request-assigned'
  | 'care-request-reminder'
  | 'care-request-escalated'
  | 'care-request-expired'
  | 'provider-export-ready'
> = {
  'care-request-assigned': layoutMail((t, params) => ({
    ...mailHead(t, 'careRequestAssigned', params),
    validity: '',
    ignore: '',
    footer: t('careRequestAssigned.footer'),
  })),
  'care-request-reminder': deadlineMail('careRequestReminder'),
  'care-request-escalated': deadlineMail('careRequestEscalated'),
  'care-request-expired': layoutMail((t, { workingDays, ...values }) => ({
    ...mailHead(t, 'careRequestExpired', { ...values, count: workingDays }),
    validity: t('careRequestExpired.next'),
    ignore: '',
  })),
  'provider-export-ready': layoutMail((t, params) => ({
    ...mailHead(t, 'providerExport.ready', params),
    validity: t('providerExport.ready.validity', { count: params.validDays }),
    ignore: '',
  })),
};
