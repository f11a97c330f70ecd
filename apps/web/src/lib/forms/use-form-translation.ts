import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** What account pages and forms read: their texts, server messages, schema messages, shared texts. */
export const formNamespaces = ['auth', 'errors', 'validation', 'common'] as const;

export type FormT = TFunction<typeof formNamespaces>;

/** `t` for account pages: `auth` keys bare, `errors:*` and `validation:*` keys with their namespace. */
export function useFormTranslation(): { t: FormT } {
  const { t } = useTranslation(formNamespaces);
  return { t };
}
