import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';

export type NavigationItem = { to: string; label: string };

/** Links shared by the desktop header and the mobile menu. */
export function useNavigationItems(): NavigationItem[] {
  const { t } = useTranslation();
  return [
    { to: `${paths.home.getHref()}#how-it-works`, label: t('header.links.howItWorks') },
    { to: `${paths.home.getHref()}#faq`, label: t('header.links.faq') },
    { to: paths.contact.getHref(), label: t('header.links.contact') },
  ];
}
