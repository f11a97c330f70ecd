import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client.ts';
import { renderWithApp } from '@/testing/render.tsx';
import { DashboardButton, isMissing, LoadError, LoadingState, NotFoundState } from './page-states.tsx';

describe('page states', () => {
  it('treats 400, 403 and 404 as a missing subject, and nothing else', () => {
    const error = (status: number) => new ApiError({ status, code: 'x', title: 'x' });
    expect([400, 403, 404].map((status) => isMissing(error(status)))).toEqual([true, true, true]);
    expect([0, 401, 409, 500].map((status) => isMissing(error(status)))).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(isMissing(new Error('404'))).toBe(false);
  });

  it('announces a failed load as an alert whose button tries again', async () => {
    const onRetry = vi.fn();
    await renderWithApp(
      <LoadError
        title="Not loaded"
        text="Try later."
        retryLabel="Again"
        retrying={false}
        onRetry={onRetry}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('Try later.');
    await userEvent.click(screen.getByRole('button', { name: 'Again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('takes no second click while the retry runs, marked busy', async () => {
    const onRetry = vi.fn();
    await renderWithApp(
      <LoadError title="Not loaded" text="Try later." retryLabel="Again" retrying onRetry={onRetry} />,
    );
    const retry = screen.getByRole('button', { name: 'Again' });
    expect(retry.getAttribute('aria-busy')).toBe('true');
    expect(retry.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(retry);
    expect(onRetry).not.toHaveBeenCalled();
  });

  it('names a missing subject in a heading and leads to the dashboard', async () => {
    await renderWithApp(
      <MemoryRouter>
        <NotFoundState title="No such client" text="It may have been removed.">
          <DashboardButton>Back to the overview</DashboardButton>
        </NotFoundState>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'No such client' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Back to the overview' }).getAttribute('href')).toBe(
      '/dashboard',
    );
  });

  it('announces loading once, as a busy region around its placeholders', async () => {
    await renderWithApp(
      <LoadingState label="Loading the client…">
        <p>placeholder</p>
      </LoadingState>,
    );
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Loading the client…');
    expect(status.parentElement?.getAttribute('aria-busy')).toBe('true');
  });
});
