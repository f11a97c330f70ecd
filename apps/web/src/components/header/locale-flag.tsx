import type { Locale } from '@opora/contracts';
import classes from './header.module.css';

type FlagProps = { locale: Locale; width?: number };

const flagClass: Record<Locale, string | undefined> = {
  cs: classes['flag-cs'],
  sk: classes['flag-sk'],
  en: classes['flag-en'],
};

/**
 * A small flag, decorative (the language name is the label). The flags are SVGs inlined into the
 * stylesheet, not the JavaScript every page loads.
 */
export function LocaleFlag({ locale, width = 24 }: FlagProps) {
  return (
    <span
      aria-hidden
      className={`${classes.flag} ${flagClass[locale] ?? ''}`}
      style={{ width, height: (width * 2) / 3 }}
    />
  );
}
