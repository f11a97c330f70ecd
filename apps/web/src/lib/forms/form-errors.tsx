import type { FormErrors } from '@mantine/form';
import { type ErrorDetail, firstErrorByProperty, toErrorDetails } from '@opora/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client.ts';
import { apiErrorMessageKeys } from '@/lib/api-error-message.ts';

type Message = Pick<ErrorDetail, 'instructions' | 'parameters'>;

/** Translates a `validation:*` or `errors:*` key with its parameters (plural forms take `count`). */
export function translateMessage(t: TFunction, message: Message): string {
  return String(t(message.instructions as never, message.parameters as never));
}

/** A field's error, translated when rendered so that it follows a language switch. */
export function FieldMessage({ message }: { message: Message }) {
  const { t } = useTranslation();
  return <>{translateMessage(t, message)}</>;
}

/** Field errors for `@mantine/form`, one per field, from error details of the schema or the server. */
export function toFormErrors(details: readonly ErrorDetail[]): FormErrors {
  const errors: FormErrors = {};
  for (const [property, detail] of Object.entries(firstErrorByProperty(details))) {
    errors[property] = <FieldMessage message={detail} />;
  }
  return errors;
}

/** A schema from the contracts: what `safeParse` answers is all a form needs of it. */
export type FormSchema<Body = unknown> = {
  safeParse(
    input: unknown,
  ): { success: true; data: Body } | { success: false; error: Parameters<typeof toErrorDetails>[0] };
};

/**
 * Where errors land, by `property`: the form's fields, or a map from the body's property names to
 * the form's fields (`{ newPassword: 'password' }`).
 */
export type FieldMap = readonly string[] | Readonly<Record<string, string>>;

function fieldOf(fields: FieldMap, property: string): string | undefined {
  if (Array.isArray(fields)) return fields.includes(property) ? property : undefined;
  return (fields as Readonly<Record<string, string>>)[property];
}

/**
 * `validate` for `useForm` from a contracts schema: the browser checks exactly what the API will.
 * `toInput` maps the form's values to the shape the schema describes (e.g. `''` → `null`); a map
 * in `fields` renames the schema's properties to the form's fields, the rest keep their names.
 */
export function schemaValidator<Values>(
  schema: FormSchema,
  toInput: (values: Values) => unknown = (v) => v,
  fields: FieldMap = [],
) {
  return (values: Values): FormErrors => {
    const result = schema.safeParse(toInput(values));
    if (result.success) return {};
    const renamed = (property: string) =>
      (Array.isArray(fields) ? undefined : fieldOf(fields, property)) ?? property;
    return toFormErrors(
      toErrorDetails(result.error).map((detail) => ({ ...detail, property: renamed(detail.property) })),
    );
  };
}

type FormWithErrors = { setErrors: (errors: FormErrors) => void };

/**
 * Puts a failed call's field errors beside their fields, matched by `property`; `fields` lists the
 * form's fields, or maps the body's property names to them (`{ newPassword: 'password' }`). A
 * catalogue code without a property lands on the field `codeFields` names. Returns false when
 * nothing landed on a field, so the caller shows the error another way.
 */
export function showServerErrors(
  form: FormWithErrors,
  error: unknown,
  fields: FieldMap,
  codeFields: Readonly<Record<string, string>> = {},
): boolean {
  if (!(error instanceof ApiError)) return false;
  const onFields = error.errors.flatMap((detail) => {
    const field = fieldOf(fields, detail.property);
    return field ? [{ ...detail, property: field }] : [];
  });
  if (onFields.length > 0) {
    form.setErrors(toFormErrors(onFields));
    return true;
  }
  const field = codeFields[error.code];
  if (field) {
    form.setErrors({
      [field]: <FieldMessage message={{ instructions: apiErrorMessageKeys(error)[0], parameters: {} }} />,
    });
    return true;
  }
  return false;
}

/** Moves focus to the first invalid field after a refused submit, so keyboard and screen-reader users land on it. */
export function focusFirstInvalidField(): void {
  window.requestAnimationFrame(() => {
    document.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus();
  });
}
