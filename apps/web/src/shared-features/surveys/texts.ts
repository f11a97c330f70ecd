import type { Locale } from '@opora/contracts';
import type { TFunction } from 'i18next';
import { ApiError } from '@/lib/api-client.ts';
import { apiErrorMessageKeys } from '@/lib/api-error-message.ts';

type SurveyT = TFunction<readonly ['surveys', 'validation', 'errors']>;

/**
 * "Part 2 of 4". Czech and Slovak choose the preposition by how the total is pronounced: "ze čtyř",
 * "ze sedmi" but "z pěti"; "zo štyroch", "zo siedmich" but "z piatich".
 */
const alternativePreposition: Record<Locale, ReadonlySet<number>> = {
  cs: new Set([2, 3, 4, 7, 12, 13, 14, 17, 20, 30, 40, 70]),
  sk: new Set([4, 6, 7, 14, 16, 17, 40, 60, 70]),
  en: new Set(),
};

export function progressText(t: SurveyT, locale: Locale, current: number, total: number): string {
  return alternativePreposition[locale].has(total)
    ? t('form.progress_alt', { current, total })
    : t('form.progress', { current, total });
}

/** A failed save in words: the catalogue code's message, else that the connection failed, else the generic one. */
export function saveErrorText(t: SurveyT, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return t('save.offline');
    return t(apiErrorMessageKeys(error));
  }
  return t('errors:unknown');
}
