import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createResponseCache } from './response-cache.ts';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'performance'] });
});

afterEach(() => {
  vi.useRealTimers();
});

/** A loader that answers `version 1`, `version 2`, … and counts its calls. */
function versions() {
  let calls = 0;
  return {
    load: async () => ({ version: ++calls }),
    calls: () => calls,
  };
}

describe('guest response cache', () => {
  it('answers a fresh entry without loading again', async () => {
    const cache = createResponseCache(30);
    const source = versions();
    expect(await cache.get('k', source.load)).toEqual({ version: 1 });
    vi.advanceTimersByTime(29_000);
    expect(await cache.get('k', source.load)).toEqual({ version: 1 });
    expect(source.calls()).toBe(1);
  });

  it('answers a stale entry at once and reloads it in the background', async () => {
    const cache = createResponseCache(30);
    const source = versions();
    await cache.get('k', source.load);
    vi.advanceTimersByTime(31_000);
    expect(await cache.get('k', source.load)).toEqual({ version: 1 });
    await vi.waitFor(() => expect(source.calls()).toBe(2));
    expect(await cache.get('k', source.load)).toEqual({ version: 2 });
  });

  it('loads again, waiting, once an entry is older than twice the TTL', async () => {
    const cache = createResponseCache(30);
    const source = versions();
    await cache.get('k', source.load);
    vi.advanceTimersByTime(61_000);
    expect(await cache.get('k', source.load)).toEqual({ version: 2 });
  });

  it('drops a stale entry whose reload fails, so the next caller sees the failure', async () => {
    const cache = createResponseCache(30);
    await cache.get('k', async () => ({ version: 1 }));
    vi.advanceTimersByTime(31_000);
    const gone = async (): Promise<{ version: number }> => {
      throw new Error('archived');
    };
    expect(await cache.get('k', gone)).toEqual({ version: 1 });
    await vi.waitFor(async () => {
      await expect(cache.get('k', gone)).rejects.toThrow('archived');
    });
  });

  it('shares one load between concurrent misses', async () => {
    const cache = createResponseCache(30);
    const source = versions();
    const answers = await Promise.all([cache.get('k', source.load), cache.get('k', source.load)]);
    expect(answers).toEqual([{ version: 1 }, { version: 1 }]);
    expect(source.calls()).toBe(1);
  });

  it('with a TTL of 0 always loads', async () => {
    const cache = createResponseCache(0);
    const source = versions();
    await cache.get('k', source.load);
    expect(await cache.get('k', source.load)).toEqual({ version: 2 });
  });
});

describe('guest response cache cleared by a change', () => {
  it('forgets entries, and a load that began before the change neither stays nor is shared', async () => {
    const cache = createResponseCache(30);
    let release: (value: { version: number }) => void = () => {};
    const slow = cache.get('k', () => new Promise<{ version: number }>((resolve) => (release = resolve)));
    cache.clear();
    const after = cache.get('k', async () => ({ version: 2 }));
    release({ version: 1 });
    expect(await slow).toEqual({ version: 1 });
    expect(await after).toEqual({ version: 2 });
    expect(await cache.get('k', async () => ({ version: 3 }))).toEqual({ version: 2 });
  });

  it('clears by region: the entries showing it and those without areas, never another region’s', async () => {
    const cache = createResponseCache(30);
    const areas = (value: { areas: string[] }) => value.areas;
    const brno = versions();
    const prague = versions();
    const taxonomy = versions();
    const load = (source: ReturnType<typeof versions>, shown: string[]) => async () => ({
      ...(await source.load()),
      areas: shown,
    });
    await cache.get('brno', load(brno, ['CZ064', 'CZ0642']), areas);
    await cache.get('prague', load(prague, ['CZ0100']), areas);
    await cache.get('taxonomy', taxonomy.load);
    cache.clearAreas(['CZ064']);
    await cache.get('brno', load(brno, ['CZ064']), areas);
    await cache.get('prague', load(prague, ['CZ0100']), areas);
    await cache.get('taxonomy', taxonomy.load);
    expect([brno.calls(), prague.calls(), taxonomy.calls()]).toEqual([2, 1, 2]);
    // A county's code starts with its region's: clearing CZ010 clears the county CZ0100's entry.
    cache.clearAreas(['CZ010']);
    await cache.get('prague', load(prague, ['CZ0100']), areas);
    expect(prague.calls()).toBe(2);
  });

  it('clears by county: its own entries and its region’s, never another county’s; a region clears its counties', async () => {
    const cache = createResponseCache(30);
    const areas = (value: { areas: string[] }) => value.areas;
    const region = versions();
    const brnoCity = versions();
    const brnoCountry = versions();
    const load = (source: ReturnType<typeof versions>, shown: string[]) => async () => ({
      ...(await source.load()),
      areas: shown,
    });
    const readAll = async () => {
      await cache.get('region', load(region, ['CZ064']), areas);
      await cache.get('city', load(brnoCity, ['CZ0642']), areas);
      await cache.get('country', load(brnoCountry, ['CZ0643']), areas);
    };
    await readAll();
    cache.clearAreas(['CZ0642']);
    await readAll();
    expect([region.calls(), brnoCity.calls(), brnoCountry.calls()]).toEqual([2, 2, 1]);
    cache.clearAreas(['CZ064']);
    await readAll();
    expect([region.calls(), brnoCity.calls(), brnoCountry.calls()]).toEqual([3, 3, 2]);

    // A load that ran across a clear of another county of its region is kept.
    let release: () => void = () => {};
    const spanning = cache.get(
      'spanning',
      () =>
        new Promise<{ version: number; areas: string[] }>(
          (resolve) => (release = () => resolve({ version: 1, areas: ['CZ0643'] })),
        ),
      areas,
    );
    cache.clearAreas(['CZ0642']);
    release();
    await spanning;
    expect(
      (await cache.get('spanning', async () => ({ version: 2, areas: ['CZ0643'] }), areas)).version,
    ).toBe(1);
  });

  it('keeps a load that spanned a clear only when the clear was of another region', async () => {
    const cache = createResponseCache(30);
    const areas = (value: { version: number; areas: string[] }) => value.areas;
    let release: (value: { version: number; areas: string[] }) => void = () => {};
    const spanning = (shown: string[]) =>
      cache.get(
        'k',
        () =>
          new Promise<{ version: number; areas: string[] }>(
            (resolve) => (release = () => resolve({ version: 1, areas: shown })),
          ),
        areas,
      );

    const touched = spanning(['CZ064']);
    cache.clearAreas(['CZ064']);
    release({ version: 1, areas: [] });
    await touched;
    expect(await cache.get('k', async () => ({ version: 2, areas: ['CZ064'] }), areas)).toEqual({
      version: 2,
      areas: ['CZ064'],
    });

    cache.clear();
    const untouched = spanning(['CZ064']);
    cache.clearAreas(['CZ010']);
    release({ version: 1, areas: [] });
    await untouched;
    expect((await cache.get('k', async () => ({ version: 3, areas: ['CZ064'] }), areas)).version).toBe(1);
  });

  it('keeps nothing while it is not trusted', async () => {
    let trusted = false;
    const cache = createResponseCache(30, { trusted: () => trusted });
    const source = versions();
    await cache.get('k', source.load);
    expect(await cache.get('k', source.load)).toEqual({ version: 2 });
    trusted = true;
    expect(await cache.get('k', source.load)).toEqual({ version: 3 });
    expect(await cache.get('k', source.load)).toEqual({ version: 3 });
  });
});
