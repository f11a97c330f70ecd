import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './home.module.css';

/** The region search card of the first screen; its body is loaded separately. */
export function RegionSearchCard({ children }: { children: ReactNode }) {
  const { t } = useTranslation('home');
  return (
    <section id="region-search" className={classes.searchCard} aria-labelledby="region-search-title">
      <h2 id="region-search-title" className={classes.sectionTitle}>
        {t('regionSearch.title')}
      </h2>
      <p className={classes.paragraph}>{t('regionSearch.text')}</p>
      {children}
    </section>
  );
}

/** Holds the picker's place while its code loads, so nothing below jumps. */
RegionSearchCard.Placeholder = function RegionSearchPlaceholder() {
  return <div className={classes.searchPlaceholder} aria-hidden />;
};
