import { timings } from '@opora/contracts';
import { act, fireEvent, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider.tsx';
import { i18n, initI18n } from '@/lib/i18n/i18n.ts';
import { renderWithApp } from '@/testing/render.tsx';
import { AsyncButton, type AsyncOutcome } from './async-button.tsx';

const button = () => screen.getByRole('button', { name: 'Uložit změny' });
const spinning = () => button().hasAttribute('data-loading');
const shownResult = () => button().getAttribute('data-result');
const announced = () => screen.getByRole('status').textContent;

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

/** The button as a page holds it: `busy` while the work runs, then how it ended. */
async function renderButton(busy: boolean, outcome: AsyncOutcome | null = null, onClick = () => {}) {
  const view = await renderWithApp(
    <AsyncButton busy={busy} outcome={outcome} onClick={onClick}>
      Uložit změny
    </AsyncButton>,
  );
  const wrap = (ui: ReactNode) => (
    <AppProvider i18n={i18n} env="test">
      {ui}
    </AppProvider>
  );
  return (nextBusy: boolean, nextOutcome: AsyncOutcome | null = outcome) =>
    view.rerender(
      wrap(
        <AsyncButton busy={nextBusy} outcome={nextOutcome} onClick={onClick}>
          Uložit změny
        </AsyncButton>,
      ),
    );
}

describe('AsyncButton', () => {
  beforeAll(async () => {
    if (!i18n.isInitialized) await initI18n('cs');
  });
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows no spinner for work shorter than the throttle, only the result', async () => {
    const update = await renderButton(false);
    update(true);
    expect(button().getAttribute('aria-busy')).toBe('true');
    advance(timings.buttonLoadingThrottle - 1);
    expect(spinning()).toBe(false);

    update(false, { ok: true, id: 1 });
    expect(spinning()).toBe(false);
    expect(shownResult()).toBe('success');
    expect(button().hasAttribute('aria-busy')).toBe(false);
    advance(timings.buttonLoadingThrottle);
    expect(spinning()).toBe(false);
  });

  it('shows the spinner once the work outlasts the throttle, keeping its accessible name', async () => {
    const update = await renderButton(false);
    update(true);
    advance(timings.buttonLoadingThrottle - 1);
    expect(spinning()).toBe(false);
    advance(1);
    expect(spinning()).toBe(true);
    expect(button().getAttribute('aria-busy')).toBe('true');
    expect(button()).toBeDefined();
  });

  it('keeps a spinner that appeared for the throttle again, then shows the result', async () => {
    const update = await renderButton(false);
    update(true);
    advance(timings.buttonLoadingThrottle);
    expect(spinning()).toBe(true);
    advance(50);

    update(false, { ok: true, id: 1 });
    expect(spinning()).toBe(true);
    expect(shownResult()).toBeNull();
    advance(timings.buttonLoadingThrottle - 51);
    expect(spinning()).toBe(true);
    advance(1);
    expect(spinning()).toBe(false);
    expect(shownResult()).toBe('success');
  });

  it('shows a success for the async-result time, announced, then its label again', async () => {
    const update = await renderButton(false);
    expect(announced()).toBe('');
    update(true);
    update(false, { ok: true, id: 1 });
    expect(shownResult()).toBe('success');
    expect(announced()).toBe('Hotovo');

    advance(timings.asyncResult - 1);
    expect(shownResult()).toBe('success');
    advance(1);
    expect(shownResult()).toBeNull();
    expect(announced()).toBe('');
    expect(button().textContent).toBe('Uložit změny');
  });

  it('shows a failure the same way', async () => {
    const update = await renderButton(false);
    update(true);
    update(false, { ok: false, id: 1 });
    expect(shownResult()).toBe('failure');
    expect(announced()).toBe('Nepodařilo se');
    advance(timings.asyncResult);
    expect(shownResult()).toBeNull();
  });

  it('takes no click while the work runs, before the spinner as well', async () => {
    const onClick = vi.fn();
    const update = await renderButton(false, null, onClick);
    fireEvent.click(button());
    expect(onClick).toHaveBeenCalledTimes(1);

    update(true);
    expect(button().getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button());
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('does not show an outcome it was given before it mounted', async () => {
    await renderButton(false, { ok: true, id: 7 });
    expect(shownResult()).toBeNull();
    expect(announced()).toBe('');
  });

  it('without an outcome, returns to its label as soon as the work ends', async () => {
    const update = await renderButton(false);
    update(true);
    update(false);
    expect(shownResult()).toBeNull();
    expect(button().hasAttribute('aria-busy')).toBe(false);
    expect(button().hasAttribute('aria-disabled')).toBe(false);
  });
});
