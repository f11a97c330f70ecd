import type { ProviderRejectionReason } from '@opora/contracts';
import { layoutMail, type MailRenderers, mailHead } from '../platform/mail-render.ts';

declare module '../platform/mail-render.ts' {
  interface MailTemplates {
    /** Staff verified the provider (decision 0121): to its administrators, with a link to the provider area. */
    'provider-verification-approved': { link: string; providerName: string };
    /**
     * Staff rejected the provider's check: the reason (translated here from its code) and staff's note; a
     * rejected claim says the listing went back as it was.
     */
    'provider-verification-rejected': {
      link: string;
      providerName: string;
      reason: ProviderRejectionReason;
      note: string;
      claim: boolean;
    };
    /** The yearly check ran out without a new one: the services cannot be requested until staff check again. */
    'provider-verification-lapsed': { link: string; providerName: string };
  }
}

/** What the verification e-mails say (issue 25 §1). */
export const verificationMailTemplates: MailRenderers<
  'provider-verification-approved' | 'provider-verification-rejected' | 'provider-verification-lapsed'
> = {
  'provider-verification-approved': layoutMail((t, params) => ({
    ...mailHead(t, 'providerVerificationApproved', params),
    validity: t('providerVerificationApproved.validity'),
    ignore: '',
    footer: t('providerVerificationApproved.footer'),
  })),
  'provider-verification-rejected': layoutMail((t, params) => ({
    ...mailHead(t, 'providerVerificationRejected', {
      ...params,
      reasonText: t(`providerVerificationRejected.reasons.${params.reason}`),
    }),
    validity: params.note ? t('providerVerificationRejected.note', { note: params.note }) : '',
    ignore: params.claim ? t('providerVerificationRejected.claim') : t('providerVerificationRejected.again'),
    footer: t('providerVerificationRejected.footer'),
  })),
  'provider-verification-lapsed': layoutMail((t, params) => ({
    ...mailHead(t, 'providerVerificationLapsed', params),
    validity: t('providerVerificationLapsed.validity'),
    ignore: '',
    footer: t('providerVerificationLapsed.footer'),
  })),
};
