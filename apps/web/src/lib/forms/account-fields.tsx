import {
  Anchor,
  PasswordInput,
  type PasswordInputProps,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import { passwordMinLength } from '@opora/contracts';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { useFormTranslation } from './use-form-translation.ts';

// Fields that several account forms share, so their labels, hints, autocomplete and accessibility
// are decided once. Each takes the form's input props (`{...form.getInputProps('phone')}`).

/** A required password field whose show/hide button a screen reader can announce. */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useFormTranslation();
  return (
    <PasswordInput
      withAsterisk
      visibilityToggleButtonProps={{ 'aria-label': t('fields.togglePassword') }}
      {...props}
    />
  );
}

/** A password being chosen: says the minimum length and lets password managers suggest one. */
export function NewPasswordField(props: PasswordInputProps) {
  const { t } = useFormTranslation();
  return (
    <PasswordField
      description={t('fields.passwordHint', { count: passwordMinLength })}
      autoComplete="new-password"
      {...props}
    />
  );
}

/** First and last name (SPEC §3: fullName is derived from them). */
export function NameField({ part, ...props }: TextInputProps & { part: 'firstName' | 'lastName' }) {
  const { t } = useFormTranslation();
  return (
    <TextInput
      label={t(part === 'firstName' ? 'fields.firstName' : 'fields.lastName')}
      autoComplete={part === 'firstName' ? 'given-name' : 'family-name'}
      withAsterisk
      {...props}
    />
  );
}

/** A phone number in international form (SPEC §5), with the hint that says so. */
export function PhoneField(props: TextInputProps) {
  const { t } = useFormTranslation();
  return (
    <TextInput
      label={t('fields.phone')}
      description={t('fields.phoneHint')}
      type="tel"
      autoComplete="tel"
      inputMode="tel"
      {...props}
    />
  );
}

/** The way back from the password pages. */
export function BackToSignInLink() {
  const { t } = useFormTranslation();
  return (
    <Anchor component={Link} to={paths.signIn.getHref()} style={{ alignSelf: 'flex-start' }}>
      <IconArrowLeft size={16} aria-hidden style={{ verticalAlign: 'text-bottom' }} />{' '}
      {t('common.backToSignIn')}
    </Anchor>
  );
}
