import { TextInput } from '@mantine/core';
import { createErrorDetail, ResetPasswordFormSchema } from '@opora/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { AsyncButton } from '@/components/ui/async-button.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { i18n, initI18n } from '@/lib/i18n/i18n.ts';
import { renderWithApp } from '@/testing/render.tsx';
import { type ContractFormOptions, useContractForm } from './use-contract-form.ts';

type Values = { password: string; confirmPassword: string };
type Options = Partial<ContractFormOptions<Values, Values, unknown>>;

const password = 'Pevne-heslo-2026';

/** A form as the pages write it: the reset-password contract, whose body calls the field `newPassword`. */
function TestForm(options: Options) {
  const { form, onSubmit, submitButton } = useContractForm({
    schema: ResetPasswordFormSchema,
    initialValues: { password: '', confirmPassword: '' },
    fields: { newPassword: 'password' },
    submit: () => Promise.resolve(),
    ...options,
  });
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Formulář">
      <TextInput label="Heslo" key={form.key('password')} {...form.getInputProps('password')} />
      <TextInput
        label="Heslo znovu"
        key={form.key('confirmPassword')}
        {...form.getInputProps('confirmPassword')}
      />
      <AsyncButton type="submit" {...submitButton}>
        Odeslat
      </AsyncButton>
    </form>
  );
}

async function fillIn() {
  await userEvent.type(screen.getByLabelText('Heslo'), password);
  await userEvent.type(screen.getByLabelText('Heslo znovu'), password);
}

const submitButton = () => screen.getByRole('button', { name: 'Odeslat' });

describe('useContractForm', () => {
  beforeAll(async () => {
    // Pages load the schema's messages with their route; here the test does.
    if (!i18n.isInitialized) await initI18n('cs');
    await i18n.loadNamespaces('validation');
  });

  it('refuses values the schema refuses: marks the fields, focuses the first, sends nothing', async () => {
    const submit = vi.fn(() => Promise.resolve());
    const onInvalid = vi.fn();
    await renderWithApp(<TestForm submit={submit} onInvalid={onInvalid} />);

    await userEvent.click(submitButton());

    const field = screen.getByLabelText('Heslo');
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Heslo znovu').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('Pole je povinné')).toHaveLength(2);
    expect(submit).not.toHaveBeenCalled();
    expect(onInvalid).toHaveBeenCalledTimes(1);
  });

  it('sends the parsed body once however often it is submitted while the call is in flight', async () => {
    let settle!: () => void;
    const submit = vi.fn(() => new Promise<void>((resolve) => (settle = resolve)));
    const onSuccess = vi.fn();
    await renderWithApp(<TestForm submit={submit} onSuccess={onSuccess} />);
    await fillIn();

    const form = screen.getByRole('form', { name: 'Formulář' });
    fireEvent.submit(form);
    fireEvent.submit(form);
    await userEvent.click(submitButton());

    expect(submit).toHaveBeenCalledTimes(1);
    expect(submit).toHaveBeenCalledWith(
      { password, confirmPassword: password },
      { signal: expect.any(AbortSignal) },
    );
    settle();
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));

    // Settled, the form sends again.
    fireEvent.submit(form);
    expect(submit).toHaveBeenCalledTimes(2);
  });

  it('stays busy after a success when the page leaves, sending nothing more', async () => {
    const submit = vi.fn(() => Promise.resolve());
    const onSuccess = vi.fn();
    await renderWithApp(<TestForm submit={submit} onSuccess={onSuccess} leavesOnSuccess />);
    await fillIn();

    fireEvent.submit(screen.getByRole('form', { name: 'Formulář' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    fireEvent.submit(screen.getByRole('form', { name: 'Formulář' }));

    expect(submit).toHaveBeenCalledTimes(1);
    expect(submitButton().getAttribute('aria-busy')).toBe('true');
    expect(submitButton().hasAttribute('data-result')).toBe(false);
  });

  it('shows on its submit button how the call ended: a success', async () => {
    await renderWithApp(<TestForm submit={() => Promise.resolve()} />);
    await fillIn();

    await userEvent.click(submitButton());

    await waitFor(() => expect(submitButton().getAttribute('data-result')).toBe('success'));
    expect(screen.getByRole('status').textContent).toBe('Hotovo');
  });

  it('shows on its submit button how the call ended: a failure', async () => {
    const failure = new ApiError({ status: 503, code: 'ServiceUnavailable', title: 'Service Unavailable' });
    await renderWithApp(<TestForm submit={() => Promise.reject(failure)} onError={() => true} />);
    await fillIn();

    await userEvent.click(submitButton());

    await waitFor(() => expect(submitButton().getAttribute('data-result')).toBe('failure'));
    expect(screen.getByRole('status').textContent).toBe('Nepodařilo se');
  });

  it('puts a server error beside its field by property, through the field map, and focuses it', async () => {
    const submit = vi.fn(() =>
      Promise.reject(
        new ApiError({
          status: 400,
          code: 'ValidationFailed',
          title: 'Bad Request',
          errors: [createErrorDetail('newPassword', 'minLength', { parameters: { min: 8 } })],
        }),
      ),
    );
    await renderWithApp(<TestForm submit={submit} />);
    await fillIn();

    await userEvent.click(submitButton());

    const field = screen.getByLabelText('Heslo');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(screen.getByLabelText('Heslo znovu').getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('puts a catalogue code without a property on the field codeFields names', async () => {
    const submit = vi.fn(() =>
      Promise.reject(new ApiError({ status: 400, code: 'IncorrectCurrentPassword', title: 'Bad Request' })),
    );
    await renderWithApp(
      <TestForm submit={submit} codeFields={{ IncorrectCurrentPassword: 'confirmPassword' }} />,
    );
    await fillIn();

    await userEvent.click(submitButton());

    expect(await screen.findByText('Zadané heslo neodpovídá vašemu současnému heslu.')).toBeTruthy();
    expect(screen.getByLabelText('Heslo znovu').getAttribute('aria-invalid')).toBe('true');
  });

  it('says an error that lands on no field in a toast, translated from its catalogue code', async () => {
    const submit = vi.fn(() =>
      Promise.reject(
        new ApiError({
          status: 429,
          code: 'RateLimited',
          title: 'Too Many Requests',
          // A property the form does not show lands on no field either.
          errors: [createErrorDetail('resetToken', 'required')],
        }),
      ),
    );
    await renderWithApp(<TestForm submit={submit} />);
    await fillIn();

    await userEvent.click(submitButton());

    expect(await screen.findByText('Příliš mnoho pokusů. Chvíli počkejte a zkuste to znovu.')).toBeTruthy();
    expect(screen.getByLabelText('Heslo').getAttribute('aria-invalid')).toBeNull();
  });

  it('leaves the failure to the page when onError says it shows it', async () => {
    const failure = new ApiError({ status: 503, code: 'ServiceUnavailable', title: 'Service Unavailable' });
    const seen: unknown[] = [];
    function Page() {
      const contract = useContractForm({
        schema: ResetPasswordFormSchema,
        initialValues: { password, confirmPassword: password },
        submit: () => Promise.reject(failure),
        onError: () => true,
      });
      seen.push(contract.failure);
      return (
        <form noValidate onSubmit={contract.onSubmit}>
          <button type="submit">Odeslat</button>
        </form>
      );
    }
    await renderWithApp(<Page />);

    await userEvent.click(submitButton());

    await waitFor(() => expect(seen.at(-1)).toBe(failure));
    expect(screen.queryByText('Služba je dočasně nedostupná. Zkuste to prosím za chvíli.')).toBeNull();
  });

  it('keeps what was typed when the network fails, and says so with the generic message', async () => {
    const submit = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    await renderWithApp(<TestForm submit={submit} />);
    await fillIn();

    await userEvent.click(submitButton());

    expect(await screen.findByText('Při zpracování požadavku došlo k chybě')).toBeTruthy();
    expect((screen.getByLabelText('Heslo') as HTMLInputElement).value).toBe(password);
    expect((screen.getByLabelText('Heslo znovu') as HTMLInputElement).value).toBe(password);
    await waitFor(() => expect(submitButton().hasAttribute('aria-busy')).toBe(false));
  });
});
