import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import classes from './header.module.css';

export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden focusable={false}>
      <rect width="32" height="32" rx="8" fill="#0e6e73" />
      <path
        d="M16 24.5s-8-4.6-8-10.3a4.3 4.3 0 0 1 8-2.3 4.3 4.3 0 0 1 8 2.3c0 5.7-8 10.3-8 10.3z"
        fill="#fff"
      />
    </svg>
  );
}

export function Logo() {
  const { t } = useTranslation();
  return (
    <Link to={paths.home.getHref()} className={classes.logo} aria-label={t('header.homeLink')}>
      <LogoMark />
      <span className={classes.logoText}>Opora</span>
    </Link>
  );
}
