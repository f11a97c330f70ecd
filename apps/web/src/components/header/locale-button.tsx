import { IconChevronDown } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '@/components/ui/button-classes.ts';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { LocaleFlag } from './locale-flag.tsx';
import { localeName } from './locale-options.ts';

type LocaleButtonProps = Omit<ComponentPropsWithRef<'button'>, 'children'>;

/** The switcher's trigger: current flag and language name. */
export function LocaleButton({ className, ...props }: LocaleButtonProps) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const name = localeName(locale);
  return (
    <button
      type="button"
      aria-label={t('header.language.button', { language: name })}
      {...props}
      className={[buttonClasses({ variant: 'subtle' }), className].filter(Boolean).join(' ')}
    >
      <LocaleFlag locale={locale} />
      {name}
      <IconChevronDown size={16} aria-hidden />
    </button>
  );
}
