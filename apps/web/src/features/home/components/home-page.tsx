import { lazy, Suspense } from 'react';
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

export function HomePage() {
  return (
    <>
      <Hero>
        <RegionSearchCard>
          <Suspense fallback={<RegionSearchCard.Placeholder />}>
            <RegionSearchBody />
          </Suspense>
        </RegionSearchCard>
      </Hero>
      <Suspense fallback={null}>
        <HomeSections />
      </Suspense>
    </>
  );
}
