import { describe, expect, it } from 'vitest';
import { pages } from './pages.ts';
import { pageComponentName, pageModules } from './router.tsx';

describe('pages', () => {
  it.each(pages.map((page) => [page.path, page.page] as const))(
    '%s names a module that exports its page component',
    async (_path, page) => {
      const load = pageModules[`./${page}`];
      expect(load, page).toBeDefined();
      const module = await load?.();
      expect(typeof module?.[pageComponentName(page)], page).toBe('function');
    },
  );
});
