import { layoutMail, type MailRenderers, mailHead } from '../platform/mail-render.ts';

declare module '../platform/mail-render.ts' {
  interface MailTemplates {
    /** An assistant took the carer's case (decision 0123): to the carer, with the client page's link. */
    'assistant-task-claimed': { link: string; assistantName: string; caseCode: string };
    /** The assistant closed the case's task: to the carer, with the summary. */
    'assistant-task-closed': { link: string; assistantName: string; caseCode: string; summary: string };
    /** A call the assistant meant to make again is due today: to the assistant. */
    'assistant-follow-up-due': { link: string; caseCode: string; serviceName: string; providerName: string };
  }
}

/** What the assistants' e-mails say (issue 25 §2). */
export const assistantMailTemplates: MailRenderers<
  'assistant-task-claimed' | 'assistant-task-closed' | 'assistant-follow-up-due'
> = {
  'assistant-task-claimed': layoutMail((t, params) => ({
    ...mailHead(t, 'assistantTaskClaimed', params),
    validity: t('assistantTaskClaimed.next'),
    ignore: '',
    footer: t('assistantTaskClaimed.footer'),
  })),
  'assistant-task-closed': layoutMail((t, params) => ({
    ...mailHead(t, 'assistantTaskClosed', params),
    validity: t('assistantTaskClosed.summary', { summary: params.summary }),
    ignore: '',
    footer: t('assistantTaskClosed.footer'),
  })),
  'assistant-follow-up-due': layoutMail((t, params) => ({
    ...mailHead(t, 'assistantFollowUpDue', params),
    validity: '',
    ignore: '',
    footer: t('assistantFollowUpDue.footer'),
  })),
};
