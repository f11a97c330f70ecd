import { lazy, Suspense, startTransition, useEffect, useState } from 'react';
import { loadNamespaces } from '@/lib/i18n/i18n.ts';
import { Hero } from './hero.tsx';
import { RegionSearchCard } from './region-search-card.tsx';

// The first screen is the hero and the region search card; the search itself (with its data
// fetching) and the sections below arrive in chunks requested as soon as the page renders.
const RegionSearchBody = lazy(() =>
  Promise.all([import('./region-search.tsx'), loadNamespaces(['home-sections'])]).then(([m]) => ({
    default: m.RegionSearchBody,
  })),
);
const HomeSections = lazy(() =>
  Promise.all([import('./home-sections.tsx'), loadNamespaces(['home-sections'])]).then(([m]) => ({
    default: m.HomeSections,
  })),
);

/**
 * False until the first screen has been painted: the chunks below are requested only then, so their
 * downloads and evaluation do not hold up the first paint.
 */
function useFirstPaintDone(): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A timer set in an animation frame runs after that frame is painted.
    const frame = requestAnimationFrame(() => {
      // As a transition: what it reveals renders in slices instead of one long task.
      timer = setTimeout(() => startTransition(() => setDone(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return done;
}

export function HomePage() {
  const painted = useFirstPaintDone();
  const placeholder = <RegionSearchCard.Placeholder />;
  return (
    <>
      <Hero>
        <RegionSearchCard>
          {painted ? (
            <Suspense fallback={placeholder}>
              <RegionSearchBody />
            </Suspense>
          ) : (
            placeholder
          )}
        </RegionSearchCard>
      </Hero>
      {painted && (
        <Suspense fallback={null}>
          <HomeSections />
        </Suspense>
      )}
    </>
  );
}
