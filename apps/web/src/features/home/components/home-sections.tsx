import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { Faq } from './faq.tsx';
import { HowItWorks } from './how-it-works.tsx';
import { ProviderCallToAction } from './provider-call-to-action.tsx';
import { WhyOpora } from './why-opora.tsx';

/** The home page below the first screen: how it works, why Opora, FAQ and the provider call to action. */
export function HomeSections() {
  const { hash } = useLocation();

  // These sections mount after the router has tried to scroll to `#faq` or `#how-it-works`.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);

  return (
    <>
      <HowItWorks />
      <WhyOpora />
      <Faq />
      <ProviderCallToAction />
    </>
  );
}
