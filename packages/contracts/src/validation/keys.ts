/**
 * Every message key of the `validation` translation namespace. Schemas only ever refer to
 * messages through `validationKey()`, so a key missing here fails the typecheck, and the
 * locale test checks each one exists in cs, en and sk.
 */
export const validationKeys = [
  'required',
  'invalid',
  'invalidOption',
  'format',
  'unrecognizedKeys',
  'minLength',
  'maxLength',
  'number',
  'min',
  'max',
  'integer',
  'positive',
  'amount',
  'amountDecimals',
  'vatRate',
  'yearMin',
  'yearMax',
  'dateFormat',
  'dateMin',
  'dateMax',
  'email',
  'emailTrimmed',
  'emailEmoji',
  'url',
  'json',
  'atLeastOne',
  'choiceMin',
  'choiceMax',
  'unique',
  'uniqueCombination',
  'phone',
  'phoneInternational',
  'personName',
  'unsupportedCharacters',
  'passwordsMustMatch',
  'newPasswordSameAsCurrent',
  'repeatPasswordMismatch',
  'termsConsentRequired',
  'providerConsentRequired',
  'healthDataConsentRequired',
  'clientConsentRequired',
  'allFormsRequired',
  'birthNumberFormat',
  'birthNumberDate',
  'birthNumberChecksum',
  'birthNumberNineDigits',
  'birthNumberInvalid',
  'birthNumberDateOfBirthMismatch',
  'zipcode',
  'identificationCode',
  'identificationCodeChecksum',
  'taxCode',
  'taxCodeOfCountry',
  'registerNumber',
  'assistantConsentRequired',
  'assistantServiceHasForms',
  'fileFormat',
  'fileSize',
  'image',
  'imageDimensions',
] as const;
export type ValidationKey = (typeof validationKeys)[number];

/**
 * Keys whose message depends on a number: they are called with `count` and the locale files
 * hold plural forms (`_one/_few/_many/_other` in cs and sk, `_one/_other` in en).
 */
export const pluralValidationKeys = [
  'minLength',
  'maxLength',
  'choiceMin',
  'choiceMax',
] as const satisfies readonly ValidationKey[];

export type ValidationMessage = `validation:${ValidationKey}`;

export function validationKey(key: ValidationKey): ValidationMessage {
  return `validation:${key}`;
}

/** Keys of the `validation` and `errors` namespaces, as carried by zod issue messages. */
const translationKeyPattern = /^(validation|errors):[A-Za-z][A-Za-z0-9_]*$/;

export function isTranslationKey(message: string): boolean {
  return translationKeyPattern.test(message);
}
