import { Menu } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { LocaleButton } from './locale-button.tsx';
import { LocaleFlag } from './locale-flag.tsx';
import { localeOptions } from './locale-options.ts';

type LocaleMenuProps = {
  opened: boolean;
  onChange: (opened: boolean) => void;
  /** Whether to take over keyboard focus from the placeholder trigger this menu replaces. */
  takeFocus: () => boolean;
};

/** Header dropdown: flag and language name; the choice is stored under `i18nLocale`. */
export function LocaleMenu({ opened, onChange, takeFocus }: LocaleMenuProps) {
  const { t } = useTranslation();
  const { locale, setLocale } = useLocale();
  const trigger = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (takeFocus()) trigger.current?.focus();
  }, []);

  return (
    <Menu position="bottom-end" shadow="md" width={220} opened={opened} onChange={onChange}>
      <Menu.Target>
        <LocaleButton ref={trigger} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('header.language.label')}</Menu.Label>
        {localeOptions.map((option) => (
          <Menu.Item
            key={option.locale}
            lang={option.locale}
            leftSection={<LocaleFlag locale={option.locale} />}
            rightSection={option.locale === locale ? <IconCheck size={16} aria-hidden /> : null}
            aria-current={option.locale === locale ? 'true' : undefined}
            onClick={() => void setLocale(option.locale)}
          >
            {option.name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
