import { layoutMail, type MailRenderers, mailHead } from '../platform/mail-render.ts';

/** What the plan's e-mails say: the provider, its monthly price with VAT, a date (`dd. MM. yyyy`). */
type ProviderPlanMailParams = {
  link: string;
  providerName: string;
  price: string;
  date: string;
};

declare module '../platform/mail-render.ts' {
  interface MailTemplates {
    /** The provider's free months end in 7 days (`date`, the day they end): to its administrators and its address for requests. */
    'provider-plan-trial-ending': ProviderPlanMailParams;
    /** Unpaid: its services were taken out of the catalogue on `date` until it pays. */
    'provider-plan-lapsed': ProviderPlanMailParams;
  }
}

/** What the provider plan's e-mails say, under `providerPlan.<key>` of `emails.json`. */
export const providerPlanMailTemplates: MailRenderers<'provider-plan-trial-ending' | 'provider-plan-lapsed'> =
  {
    'provider-plan-trial-ending': layoutMail((t, params) => ({
      ...mailHead(t, 'providerPlan.trialEnding', params),
      validity: t('providerPlan.trialEnding.next', params),
      ignore: '',
      footer: t('providerPlan.footer'),
    })),
    'provider-plan-lapsed': layoutMail((t, params) => ({
      ...mailHead(t, 'providerPlan.lapsed', params),
      validity: t('providerPlan.lapsed.next', params),
      ignore: '',
      footer: t('providerPlan.footer'),
    })),
  };
