import { productName } from '@opora/contracts';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Container } from '@/components/ui/container.tsx';
import { appVersion, operator } from '@/config/operator.ts';
import { paths } from '@/config/paths.ts';
import classes from './footer.module.css';

export function Footer() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  const legalLinks = [
    { href: paths.termsAndConditions.getHref(), label: t('footer.terms') },
    { href: paths.gdpr.getHref(), label: t('footer.privacy') },
    { href: paths.cookie.getHref(), label: t('footer.cookies') },
  ];

  return (
    <footer className={classes.footer}>
      <Container>
        <nav aria-label={t('footer.navigation')}>
          <ul className={classes.links}>
            {legalLinks.map((link) => (
              <li key={link.href}>
                {/* Legal texts open in a new tab so a half-filled form is never lost (SPEC §2). */}
                <a href={link.href} target="_blank" rel="noopener noreferrer" className={classes.link}>
                  {link.label}
                  <IconExternalLink size={16} aria-hidden className={classes.externalIcon} />
                  <span className="visually-hidden">{` (${t('footer.opensInNewTab')})`}</span>
                </a>
              </li>
            ))}
            <li>
              <Link to={paths.contact.getHref()} className={classes.link}>
                {t('footer.contact')}
              </Link>
            </li>
          </ul>
        </nav>
        <p className={classes.legal}>
          {t('footer.copyright', { year, product: productName, version: appVersion })}
        </p>
        <p className={classes.legal}>
          {t('footer.operator', {
            name: operator.name,
            companyId: operator.companyId,
            vatId: operator.vatId,
          })}
        </p>
      </Container>
    </footer>
  );
}
