import { type FormErrors, type UseFormReturnType, useForm } from '@mantine/form';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/overlays/toast.tsx';
import type { AsyncOutcome } from '@/components/ui/async-button.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { apiErrorMessageKeys } from '@/lib/api-error-message.ts';
import {
  type FieldMap,
  type FormSchema,
  focusFirstInvalidField,
  schemaValidator,
  showServerErrors,
} from './form-errors.tsx';

export type ContractFormOptions<Values, Body, Result> = {
  /** The contracts schema the API checks the body with: the browser runs it before sending. */
  schema: FormSchema<Body>;
  initialValues: Values;
  /** The values as the schema's input (`''` → `null`, derived fields); by default as they are. */
  toInput?: (values: Values) => unknown;
  /** Sends the body the schema parsed. `signal` aborts when the form goes; nothing is handled after. */
  submit: (body: Body, context: { signal: AbortSignal }) => Promise<Result>;
  /**
   * Where the server's errors land, by `property`: the form's fields, or body properties → fields
   * (`{ newPassword: 'password' }`, which renames the schema's properties too). Default: the keys
   * of `initialValues`.
   */
  fields?: FieldMap;
  /** A catalogue code that names no property → the field it is about. */
  codeFields?: Readonly<Record<string, string>>;
  /** After the call succeeded; the submit button stays busy until what it returns settles. */
  onSuccess?: (result: Result, body: Body, values: Values) => unknown;
  /** The page goes elsewhere on success: the form stays busy after it and sends nothing more. */
  leavesOnSuccess?: boolean;
  /** A failure that landed on no field: return true when the page shows it itself, else a toast does. */
  onError?: (error: unknown) => boolean;
  /** After the browser refused the values (their fields are marked and the first one focused). */
  onInvalid?: (errors: FormErrors) => void;
  mode?: 'controlled' | 'uncontrolled';
  onValuesChange?: (values: Values, previous: Values) => void;
};

export type ContractForm<Values> = {
  form: UseFormReturnType<Values>;
  /** For `<form noValidate onSubmit={onSubmit}>`. */
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  /**
   * From a valid submit until the call and `onSuccess` settle (for good after a success with
   * `leavesOnSuccess`): the submit button's `loading`.
   */
  submitting: boolean;
  /** The last call's failure that landed on no field (`null` when none); cleared by the next call. */
  failure: unknown;
  /** For the submit button, `<AsyncButton type="submit" {...submitButton}>`: busy, then the outcome. */
  submitButton: { busy: boolean; outcome: AsyncOutcome | null };
};

/**
 * One form on one contracts schema (SPEC §3, §8): the browser checks the values with the schema the
 * API uses and, refused, marks the fields and focuses the first; a valid submit sends the parsed body
 * once (a second submit while it is in flight is ignored); the server's field errors land beside
 * their fields by `property`, anything else is said in a toast in the person's language (a network
 * failure with the generic message); what was typed stays in the form.
 */
export function useContractForm<Values extends object, Body, Result>(
  options: ContractFormOptions<Values, Body, Result>,
): ContractForm<Values> {
  // The handlers below run after renders: they read the options of the latest one.
  const latest = useRef(options);
  latest.current = options;
  const { t } = useTranslation(['errors']);
  const [failure, setFailure] = useState<unknown>(null);
  const [submitting, setSubmitting] = useState(false);
  const [outcome, setOutcome] = useState<AsyncOutcome | null>(null);
  const inFlight = useRef(false);
  const lifetime = useRef<AbortController | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    lifetime.current = controller;
    return () => controller.abort();
  }, []);

  const form = useForm<Values>({
    mode: options.mode ?? 'uncontrolled',
    initialValues: options.initialValues,
    validate: (values) => {
      const { schema, toInput, fields } = latest.current;
      return schemaValidator(schema, toInput, fields)(values);
    },
    onValuesChange: (values, previous) => latest.current.onValuesChange?.(values, previous),
  });

  const send = async (values: Values): Promise<void> => {
    const { schema, toInput = (v: Values) => v, submit, onSuccess } = latest.current;
    const parsed = schema.safeParse(toInput(values));
    // `validate` ran the same schema on the same values.
    if (!parsed.success) return;
    const signal = lifetime.current?.signal ?? new AbortController().signal;
    inFlight.current = true;
    setSubmitting(true);
    setFailure(null);
    let release = true;
    const settle = (ok: boolean) => setOutcome((previous) => ({ ok, id: (previous?.id ?? 0) + 1 }));
    try {
      let result: Result;
      try {
        result = await submit(parsed.data, { signal });
      } catch (error) {
        if (signal.aborted) return;
        settle(false);
        const { fields = Object.keys(latest.current.initialValues), codeFields, onError } = latest.current;
        // Committed at once: the focus below looks for the marked field in the page.
        if (flushSync(() => showServerErrors(form, error, fields, codeFields))) {
          focusFirstInvalidField();
          return;
        }
        setFailure(error);
        if (!onError?.(error)) {
          toast.error(error instanceof ApiError ? t(apiErrorMessageKeys(error)) : t('errors:unknown'));
        }
        return;
      }
      if (signal.aborted) return;
      await onSuccess?.(result, parsed.data, values);
      release = !latest.current.leavesOnSuccess;
      // A page that leaves keeps its button busy until it is gone: no check on the way out.
      if (release) settle(true);
    } finally {
      if (release) {
        inFlight.current = false;
        if (!signal.aborted) setSubmitting(false);
      }
    }
  };

  const onSubmit = (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    if (inFlight.current) return;
    form.onSubmit(send, (errors) => {
      focusFirstInvalidField();
      latest.current.onInvalid?.(errors);
    })(event);
  };

  return { form, onSubmit, submitting, failure, submitButton: { busy: submitting, outcome } };
}
