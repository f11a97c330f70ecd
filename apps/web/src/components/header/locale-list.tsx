import { Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import classes from './header.module.css';
import { LocaleFlag } from './locale-flag.tsx';
import { localeOptions } from './locale-options.ts';

/** The language choice inside the mobile menu, as a list of toggle buttons. */
export function LocaleList({ onChosen }: { onChosen?: () => void }) {
  const { t } = useTranslation();
  const { locale, setLocale } = useLocale();

  return (
    <Stack gap={4} role="group" aria-labelledby="mobile-language-label">
      <Text id="mobile-language-label" size="sm" c="dark.6" fw={600}>
        {t('header.language.label')}
      </Text>
      {localeOptions.map((option) => (
        <UnstyledButton
          key={option.locale}
          lang={option.locale}
          className={classes.localeOption}
          aria-pressed={option.locale === locale}
          onClick={() => {
            void setLocale(option.locale).then(onChosen);
          }}
        >
          <LocaleFlag locale={option.locale} />
          <span>{option.name}</span>
          {option.locale === locale ? (
            <IconCheck size={18} aria-hidden className={classes.localeCheck} />
          ) : null}
        </UnstyledButton>
      ))}
    </Stack>
  );
}
