import type { SubscriptionTypeCode } from '@opora/contracts';
import { layoutMail, type MailRenderers } from '../platform/mail-render.ts';

/** What a subscription e-mail tells: it started, it was cancelled, it renews soon, a renewal failed, it ended. */
export type SubscriptionNoticeKind =
  | 'started'
  | 'cancelled'
  | 'renewal-reminder'
  | 'renewal-failed'
  | 'ended';

declare module '../platform/mail-render.ts' {
  interface MailTemplates {
    /** About the user's subscription; `price` formatted with VAT, `date` as `dd. MM. yyyy`. */
    'subscription-notice': {
      kind: SubscriptionNoticeKind;
      link: string;
      plan: SubscriptionTypeCode;
      price: string;
      date: string;
    };
    /**
     * Opora's free plan given to the user by staff, or taken back (decision 0129); `endsOn` its last day
     * as `dd. MM. yyyy`, null while it lasts until taken back.
     */
    'free-plan-notice': {
      kind: 'granted' | 'revoked';
      link: string;
      endsOn: string | null;
    };
  }
}

const subscriptionNoticeKeys: Record<SubscriptionNoticeKind, string> = {
  started: 'started',
  cancelled: 'cancelled',
  'renewal-reminder': 'renewalReminder',
  'renewal-failed': 'renewalFailed',
  ended: 'ended',
};

export const subscriptionMailTemplates: MailRenderers<'subscription-notice' | 'free-plan-notice'> = {
  'subscription-notice': layoutMail((t, params) => {
    const key = subscriptionNoticeKeys[params.kind];
    const values = { ...params, plan: t(`subscriptionPlans.${params.plan}`) };
    return {
      subject: t(`subscriptionNotice.${key}.subject`, values),
      intro: t(`subscriptionNotice.${key}.intro`, values),
      action: t('subscriptionNotice.action'),
      link: params.link,
      validity: t(`subscriptionNotice.${key}.next`, values),
      ignore: t('subscriptionNotice.cancelAnyTime'),
    };
  }),
  'free-plan-notice': layoutMail((t, params) => {
    const next =
      params.kind === 'revoked'
        ? t('freePlanNotice.revoked.next')
        : params.endsOn === null
          ? t('freePlanNotice.granted.untilRevoked')
          : t('freePlanNotice.granted.until', { date: params.endsOn });
    return {
      subject: t(`freePlanNotice.${params.kind}.subject`),
      intro: t(`freePlanNotice.${params.kind}.intro`),
      action: t('subscriptionNotice.action'),
      link: params.link,
      validity: next,
      ignore: t('freePlanNotice.questions'),
    };
  }),
};
