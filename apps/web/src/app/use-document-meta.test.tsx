import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { renderWithApp } from '@/testing/render.tsx';
import { pages } from './pages.ts';
import { useDocumentMeta } from './use-document-meta.ts';

function Meta({ handle }: { handle: RouteHandle | undefined }) {
  useDocumentMeta(handle);
  return null;
}

const description = () => document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content;

describe('document title and description', () => {
  // One render per page (some 70): more than the default 5 s on a busy machine.
  it('every page has a title of its own, named after its route', { timeout: 30_000 }, async () => {
    for (const { handle } of pages) {
      const view = await renderWithApp(<Meta handle={handle} />);
      await waitFor(() => expect(document.title).toMatch(/ - Opora$/));
      expect(document.title, handle.name).not.toMatch(/^routes\./);
      view.unmount();
    }
  });

  it("titles the catch-all as the 404 page and uses a route's own description where it has one", async () => {
    const view = await renderWithApp(<Meta handle={{ access: 'public', layout: 'centered' }} />);
    await waitFor(() => expect(document.title).toBe('Stránka nenalezena - Opora'));
    expect(description()).toMatch(/^Opora pomáhá rodinám/);
    view.rerender(<Meta handle={{ name: 'contact', access: 'public', layout: 'default' }} />);
    await waitFor(() => expect(document.title).toBe('Kontakt - Opora'));
    expect(description()).toMatch(/^Napište týmu Opory/);
    view.rerender(<Meta handle={{ name: 'signIn', access: 'guest', layout: 'centered' }} />);
    await waitFor(() => expect(document.title).toBe('Přihlášení - Opora'));
    expect(description()).toMatch(/^Opora pomáhá rodinám/);
  });
});
