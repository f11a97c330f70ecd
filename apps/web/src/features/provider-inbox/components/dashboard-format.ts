import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import type { DashboardDays } from '../api/dashboard.ts';
import { durationParts } from '../utils/dashboard-duration.ts';

/** Numbers, shares, spans of time and the period, as the dashboard says them in the reader's language. */
export function useDashboardFormat(days: DashboardDays) {
  const { t } = useTranslation('provider-dashboard');
  const { locale } = useLocale();
  return useMemo(() => {
    const numbers = new Intl.NumberFormat(locale);
    const percents = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
    return {
      number: (value: number) => numbers.format(value),
      /** `part` of `whole` as a percentage; 0 % of nothing. */
      share: (part: number, whole: number) => percents.format(whole > 0 ? part / whole : 0),
      /** "1 den a 4 hodiny", "5 hodin", "méně než minuta". */
      duration: (hours: number) => {
        const [first, second] = durationParts(hours).map(({ unit, count }) =>
          t(`duration.${unit}`, { count }),
        );
        if (!first) return t('duration.underMinute');
        return second ? t('duration.pair', { first, second }) : first;
      },
      /** "za posledních 30 dní", to end a sentence. */
      period: t('period.last', { count: Number(days) }),
    };
  }, [locale, t, days]);
}

export type DashboardFormat = ReturnType<typeof useDashboardFormat>;
