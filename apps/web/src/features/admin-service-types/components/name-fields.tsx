import { TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { type Locale, locales } from '@opora/contracts';
import { useTranslation } from 'react-i18next';

/**
 * A type's or category's name in every interface language (decision 0131), one field each, marked with
 * its language. `inputProps` is the form's `getInputProps` of `names.<locale>`.
 */
export function NameFields({
  inputProps,
}: {
  inputProps: (path: `names.${Locale}`) => GetInputPropsReturnType;
}) {
  const { t } = useTranslation('admin-service-types');
  return locales.map((locale) => (
    <TextInput
      key={locale}
      label={t(`field.name.${locale}`)}
      withAsterisk
      maxLength={120}
      lang={locale}
      {...inputProps(`names.${locale}`)}
    />
  ));
}
