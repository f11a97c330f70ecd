import {
  createErrorDetail,
  type SurveyAnswers,
  type SurveyDocument,
  SurveyDocumentSchema,
} from '@opora/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client.ts';
import { loadNamespaces } from '@/lib/i18n/i18n.ts';
import { renderWithApp } from '@/testing/render.tsx';
import { draftStorageKey, writeDraft } from './draft-storage.ts';
import { SurveyForm } from './survey-form.tsx';

const text = (cs: string) => ({ cs, en: cs, sk: cs });

/** A questionnaire with every question type, a condition and an exclusive choice. */
const document: SurveyDocument = SurveyDocumentSchema.parse({
  title: text('Test'),
  pages: [
    {
      name: 'home',
      title: text('Domácnost'),
      questions: [
        { name: 'lives-alone', type: 'boolean', title: text('Bydlí sám?'), required: true },
        {
          name: 'help-kinds',
          type: 'multiple',
          title: text('S čím pomáhat'),
          description: text('Vyberte vše, co platí.'),
          required: true,
          exclusive: 'none',
          choices: [
            { value: 'meals', label: text('Jídlo') },
            { value: 'nursing', label: text('Ošetřování') },
            { value: 'none', label: text('Nic z toho') },
          ],
        },
        {
          name: 'nurse',
          type: 'single',
          title: text('Kdo ošetřuje'),
          required: true,
          visibleIf: { question: 'help-kinds', anyOf: ['nursing'] },
          choices: [
            { value: 'family', label: text('Rodina') },
            { value: 'agency', label: text('Agentura') },
          ],
        },
      ],
    },
    {
      name: 'details',
      title: text('Podrobnosti'),
      questions: [
        { name: 'note', type: 'text', title: text('Poznámka'), maxLength: 20 },
        { name: 'hours', type: 'number', title: text('Hodin denně'), min: 0, max: 24, unit: text('hodin') },
        { name: 'since', type: 'date', title: text('Od kdy') },
      ],
    },
  ],
});

type Saved = { answers: SurveyAnswers; complete: boolean };

/** The save function the page would pass in, answered by the test as a server would. */
function fakeSave({ answerAtOnce = false } = {}) {
  const calls: (Saved & { resolve: () => void; reject: (error: unknown) => void })[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const save = (answers: SurveyAnswers, { complete }: { complete: boolean }) =>
    new Promise<{ updatedAt: string }>((resolve, reject) => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      const call = {
        answers,
        complete,
        resolve: () => {
          inFlight -= 1;
          resolve({ updatedAt: `t${calls.length}` });
        },
        reject: (error: unknown) => {
          inFlight -= 1;
          reject(error);
        },
      };
      calls.push(call);
      if (answerAtOnce) call.resolve();
    });
  return { calls, save, maxInFlight: () => maxInFlight };
}

const draftKey = draftStorageKey({ caseId: 'case-1' }, 'extended-case');

async function renderForm(
  api: ReturnType<typeof fakeSave>,
  options: { initialAnswers?: SurveyAnswers; onFinished?: () => void } = {},
) {
  await renderWithApp(
    <SurveyForm
      document={document}
      definitionId="def-1"
      initialAnswers={options.initialAnswers ?? {}}
      serverUpdatedAt={null}
      draftKey={draftKey}
      save={api.save}
      finishLabel="Dokončit"
      onFinished={options.onFinished ?? (() => {})}
      debounceMs={20}
      retryDelaysMs={[30]}
    />,
  );
  await screen.findByRole('heading', { level: 2 });
}

const group = (name: string) => screen.getByRole('group', { name: new RegExp(`^${name}`) });

describe('the questionnaire renderer', () => {
  beforeAll(async () => {
    await renderWithApp(null);
    await loadNamespaces(['surveys', 'validation', 'errors']);
  });
  beforeEach(() => {
    window.sessionStorage.clear();
  });

  it('shows one page with its progress, and Next puts the keyboard on the first unanswered required question', async () => {
    const api = fakeSave();
    await renderForm(api);
    expect(screen.getByText('Část 1 ze 2')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Podrobnosti' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Pokračovat' }));
    const yes = within(group('Bydlí sám?')).getByRole('radio', { name: 'Ano' });
    await waitFor(() => expect(document_activeElement()).toBe(yes));
    expect(errorOf(yes)).toBe('Odpovězte prosím na tuto otázku.');
    expect(errorOf(within(group('S čím pomáhat')).getByRole('checkbox', { name: 'Jídlo' }))).toBe(
      'Odpovězte prosím na tuto otázku.',
    );
    // Still on the first page.
    expect(screen.getByRole('heading', { level: 2, name: 'Domácnost' })).toBeTruthy();

    await userEvent.click(yes);
    expect(errorOf(yes)).toBeNull();
    await userEvent.click(within(group('S čím pomáhat')).getByRole('checkbox', { name: 'Jídlo' }));
    await userEvent.click(screen.getByRole('button', { name: 'Pokračovat' }));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Podrobnosti' });
    await waitFor(() => expect(document_activeElement()).toBe(heading));
    expect(screen.getByText('Část 2 ze 2')).toBeTruthy();
  });

  it('marks required questions and ties help text to the group', async () => {
    await renderForm(fakeSave());
    const helpKinds = group('S čím pomáhat');
    expect(helpKinds.tagName).toBe('FIELDSET');
    expect(within(helpKinds).getByText('(povinné)', { exact: false })).toBeTruthy();
    const hintId = helpKinds.getAttribute('aria-describedby');
    expect(hintId && window.document.getElementById(hintId)?.textContent).toBe('Vyberte vše, co platí.');
  });

  it('shows a conditional question only while its condition holds, and never sends a hidden answer', async () => {
    const api = fakeSave({ answerAtOnce: true });
    await renderForm(api);
    expect(screen.queryByRole('group', { name: /Kdo ošetřuje/ })).toBeNull();

    const nursing = within(group('S čím pomáhat')).getByRole('checkbox', { name: 'Ošetřování' });
    await userEvent.click(nursing);
    await userEvent.click(within(group('Kdo ošetřuje')).getByRole('radio', { name: 'Rodina' }));
    await waitFor(() =>
      expect(api.calls.at(-1)?.answers).toEqual({ 'help-kinds': ['nursing'], nurse: 'family' }),
    );

    await userEvent.click(nursing);
    expect(screen.queryByRole('group', { name: /Kdo ošetřuje/ })).toBeNull();
    await userEvent.click(within(group('S čím pomáhat')).getByRole('checkbox', { name: 'Jídlo' }));
    await waitFor(() => expect(api.calls.at(-1)?.answers).toEqual({ 'help-kinds': ['meals'] }));
  });

  it('unticks the other choices when the exclusive one is ticked, and the exclusive one when another is', async () => {
    await renderForm(fakeSave());
    const helpKinds = group('S čím pomáhat');
    const meals = within(helpKinds).getByRole('checkbox', { name: 'Jídlo' }) as HTMLInputElement;
    const nursing = within(helpKinds).getByRole('checkbox', { name: 'Ošetřování' }) as HTMLInputElement;
    const none = within(helpKinds).getByRole('checkbox', { name: 'Nic z toho' }) as HTMLInputElement;
    await userEvent.click(meals);
    await userEvent.click(nursing);
    await userEvent.click(none);
    expect([meals.checked, nursing.checked, none.checked]).toEqual([false, false, true]);
    await userEvent.click(meals);
    expect([meals.checked, nursing.checked, none.checked]).toEqual([true, false, false]);
  });

  it('keeps one save in flight; changes made meanwhile go together once it returns', async () => {
    const api = fakeSave();
    await renderForm(api);
    await userEvent.click(within(group('Bydlí sám?')).getByRole('radio', { name: 'Ano' }));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(await screen.findByText('Ukládám…')).toBeTruthy();

    const helpKinds = group('S čím pomáhat');
    await userEvent.click(within(helpKinds).getByRole('checkbox', { name: 'Jídlo' }));
    await userEvent.click(within(helpKinds).getByRole('checkbox', { name: 'Ošetřování' }));
    // Still the one call: the queue never starts a second while the first is out (maxInFlight below).
    expect(api.calls).toHaveLength(1);

    act(() => api.calls[0]?.resolve());
    await waitFor(() => expect(api.calls).toHaveLength(2));
    expect(api.calls[1]?.answers).toEqual({ 'lives-alone': true, 'help-kinds': ['meals', 'nursing'] });
    act(() => api.calls[1]?.resolve());
    expect(await screen.findByText('Uloženo')).toBeTruthy();
    expect(api.maxInFlight()).toBe(1);
    expect(window.sessionStorage.getItem(draftKey)).toBeNull();
  });

  it('says a save did not get through, keeps the answers in the browser, and retries', async () => {
    const api = fakeSave();
    await renderForm(api);
    await userEvent.click(within(group('Bydlí sám?')).getByRole('radio', { name: 'Ne' }));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    act(() =>
      api.calls[0]?.reject(new ApiError({ status: 0, code: 'ServiceUnavailable', title: 'Offline' })),
    );
    expect(await screen.findByText(/Neuloženo — zkouším to znovu/)).toBeTruthy();
    expect(JSON.parse(window.sessionStorage.getItem(draftKey) ?? '{}').answers).toEqual({
      'lives-alone': false,
    });

    await waitFor(() => expect(api.calls).toHaveLength(2));
    act(() => api.calls[1]?.resolve());
    expect(await screen.findByText('Uloženo')).toBeTruthy();
    expect(window.sessionStorage.getItem(draftKey)).toBeNull();
  });

  it('continues from the answers kept in the browser and sends them', async () => {
    writeDraft(draftKey, { definitionId: 'def-1', baseUpdatedAt: null, answers: { 'lives-alone': true } });
    const api = fakeSave();
    await renderForm(api);
    expect(
      (within(group('Bydlí sám?')).getByRole('radio', { name: 'Ano' }) as HTMLInputElement).checked,
    ).toBe(true);
    await waitFor(() => expect(api.calls[0]?.answers).toEqual({ 'lives-alone': true }));
  });

  it('resumes on the first page still to answer', async () => {
    await renderWithApp(
      <SurveyForm
        document={document}
        definitionId="def-1"
        initialAnswers={{ 'lives-alone': true, 'help-kinds': ['meals'] }}
        serverUpdatedAt="t0"
        draftKey={draftKey}
        save={fakeSave().save}
        finishLabel="Dokončit"
        onFinished={() => {}}
      />,
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Podrobnosti' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Dokončit' })).toBeTruthy();
  });

  it('shows a wrong value when the field is left, and sends the answers as complete on Finish', async () => {
    const api = fakeSave({ answerAtOnce: true });
    let finished = false;
    await renderForm(api, {
      initialAnswers: { 'lives-alone': true, 'help-kinds': ['none'] },
      onFinished: () => {
        finished = true;
      },
    });
    await screen.findByRole('heading', { level: 2, name: 'Podrobnosti' });
    const hours = screen.getByRole('textbox', { name: /Hodin denně/ });
    await userEvent.type(hours, '30');
    await userEvent.tab();
    expect(errorOf(hours)).toBe('Hodnota může být nejvýše 24');

    await userEvent.click(screen.getByRole('button', { name: 'Dokončit' }));
    await waitFor(() => expect(document_activeElement()).toBe(hours));
    expect(api.calls.filter((call) => call.complete)).toHaveLength(0);

    await userEvent.clear(hours);
    await userEvent.type(hours, '3');
    await userEvent.click(screen.getByRole('button', { name: 'Dokončit' }));
    await waitFor(() => expect(api.calls.some((call) => call.complete)).toBe(true));
    const complete = api.calls.find((call) => call.complete);
    expect(complete?.answers).toEqual({ 'lives-alone': true, 'help-kinds': ['none'], hours: 3 });
    await waitFor(() => expect(finished).toBe(true));
    expect(window.sessionStorage.getItem(draftKey)).toBeNull();
  });

  it("puts the server's field errors on their questions, on their page", async () => {
    const api = fakeSave();
    await renderForm(api, { initialAnswers: { 'lives-alone': true, 'help-kinds': ['meals'] } });
    await screen.findByRole('heading', { level: 2, name: 'Podrobnosti' });
    await userEvent.click(screen.getByRole('button', { name: 'Dokončit' }));
    await waitFor(() => expect(api.calls.some((call) => call.complete)).toBe(true));
    act(() =>
      api.calls
        .find((call) => call.complete)
        ?.reject(
          new ApiError({
            status: 400,
            code: 'ValidationFailed',
            title: 'Invalid',
            errors: [createErrorDetail('help-kinds', 'invalidOption')],
          }),
        ),
    );
    await screen.findByRole('heading', { level: 2, name: 'Domácnost' });
    const meals = within(group('S čím pomáhat')).getByRole('checkbox', { name: 'Jídlo' });
    await waitFor(() => expect(document_activeElement()).toBe(meals));
    expect(errorOf(meals)).toBe('Vyberte jednu z nabízených možností');
  });
});

function document_activeElement() {
  return window.document.activeElement;
}

/** The error message an input is described by, as a screen reader reads it. */
function errorOf(input: HTMLElement): string | null {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  for (const id of ids) {
    const element = window.document.getElementById(id);
    if (element && id.endsWith('-error')) return element.textContent;
  }
  return null;
}
