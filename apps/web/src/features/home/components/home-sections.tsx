import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { Faq } from './faq.tsx';
import { HowItWorks } from './how-it-works.tsx';
import { ProviderCallToAction } from './provider-call-to-action.tsx';
import { RegionBrowser } from './region-browser.tsx';
import { Stories } from './stories.tsx';
import { WhyOpora } from './why-opora.tsx';

/** The home page below the first screen (SPEC §2): regions, why Opora, how it works, stories, FAQ. */
export function HomeSections() {
  const { hash } = useLocation();

  // These sections mount after the router has tried to scroll to `#faq` or `#how-it-works`.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);

  return (
    <>
      <RegionBrowser />
      <WhyOpora />
      <HowItWorks />
      <Stories />
      <Faq />
      <ProviderCallToAction />
    </>
  );
}
