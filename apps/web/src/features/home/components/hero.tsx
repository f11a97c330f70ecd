import { IconArrowDown, IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '@/components/ui/button-classes.ts';
import { Container } from '@/components/ui/container.tsx';
import classes from './home.module.css';

const trustPoints = ['verified', 'nonBinding', 'oneQuestionnaire'] as const;

/** The first screen: value proposition and calls to action, with the region search beside it (`children`). */
export function Hero({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('home');
  return (
    <section className={classes.hero} aria-labelledby="hero-title">
      <Container className={classes.heroGrid}>
        <div className={classes.heroContent}>
          <p className={classes.eyebrow}>{t('hero.eyebrow')}</p>
          <h1 id="hero-title" className={classes.heroTitle}>
            {t('hero.title')}
          </h1>
          <p className={classes.lead}>{t('hero.lead')}</p>
          <div className={classes.actions}>
            <a href="#region-search" className={buttonClasses({ size: 'lg' })}>
              {t('hero.primaryAction')}
              <IconArrowDown size={20} aria-hidden />
            </a>
            <a href="#how-it-works" className={buttonClasses({ variant: 'outline', size: 'lg' })}>
              {t('hero.secondaryAction')}
            </a>
          </div>
          <ul className={classes.trustList}>
            {trustPoints.map((point) => (
              <li key={point}>
                <IconCircleCheck size={24} aria-hidden className={classes.trustIcon} />
                {t(`hero.trust.${point}`)}
              </li>
            ))}
          </ul>
        </div>
        {children}
      </Container>
    </section>
  );
}
