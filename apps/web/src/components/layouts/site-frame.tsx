import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Footer } from '@/components/footer/footer.tsx';
import { Header } from '@/components/header/header.tsx';
import classes from './layouts.module.css';

export const mainContentId = 'main-content';

/** Skip link, sticky header, the page and the footer: what every customer layout shares. */
export function SiteFrame({ children, mainClassName }: { children: ReactNode; mainClassName?: string }) {
  const { t } = useTranslation();
  return (
    <div className={classes.frame}>
      <a href={`#${mainContentId}`} className={classes.skipLink}>
        {t('skipToContent')}
      </a>
      <Header />
      <main id={mainContentId} tabIndex={-1} className={mainClassName ?? classes.main}>
        {children}
      </main>
      <Footer />
    </div>
  );
}
