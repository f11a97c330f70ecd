import { describe, expect, it } from 'vitest';
import { layoutModules, pageModules } from './page-modules.ts';
import { areas, pages } from './pages.ts';
import { pageComponentName } from './router.tsx';

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

  it.each(areas.flatMap((area) => (area.layout ? [[area.id, area.layout] as const] : [])))(
    'area %s names a layout module that exports its component and a loader',
    async (_id, layout) => {
      const module = await layoutModules[`./${layout.slice('shared-features/'.length)}`]?.();
      expect(typeof module?.[pageComponentName(layout)], layout).toBe('function');
      expect(typeof module?.loader, layout).toBe('function');
    },
  );

  it('starts every page path with its area path', () => {
    for (const area of areas) {
      for (const page of area.pages) {
        if (page.path === '*') continue;
        expect(
          page.path === area.path || page.path.startsWith(area.path === '/' ? '/' : `${area.path}/`),
          page.path,
        ).toBe(true);
      }
    }
  });
});
