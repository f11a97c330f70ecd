import { describe, expect, it } from 'vitest';
import { areas, pages } from './pages.ts';

describe('pages', () => {
  it.each(pages.map((page) => [page.path, page.page] as const))(
    '%s loads a module with its page component',
    async (_path, page) => {
      expect(typeof (await page.load()).Component).toBe('function');
    },
  );

  it.each(areas.flatMap((area) => (area.layout ? [[area.id, area.layout] as const] : [])))(
    'area %s loads a layout module with its component and a loader',
    async (_id, layout) => {
      const module = await layout.load();
      expect(typeof module.Component).toBe('function');
      expect(typeof module.loader).toBe('function');
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
