import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSessionUser } from '@/lib/session.ts';
import { useVerificationQueue } from '../api/provider-verifications.ts';
import classes from './admin.module.css';
import { type AdminSection, sectionsFor } from './admin-sections.ts';

export type { AdminSection };

/** The number of open checks, as a badge after its link (nothing while none or not known). */
function OpenCount({ count }: { count: number | undefined }) {
  const { t } = useTranslation('admin');
  if (!count) return null;
  return (
    <Badge size="md" circle={count < 10} color="red.8" aria-label={t('area.openCount', { count })}>
      {count > 99 ? '99+' : count}
    </Badge>
  );
}

/**
 * The platform staff's console around each of its pages: the way between the sections the person may
 * open (a platform administrator all, an assistant the work queue), the verification queue with the
 * count of open checks, as the provider area's bar looks.
 */
export function AdminArea({ section, children }: { section: AdminSection; children: ReactNode }) {
  const { t } = useTranslation('admin');
  const sections = sectionsFor(useSessionUser());
  const queue = useVerificationQueue({ enabled: sections.some((item) => item.id === 'verifications') });
  return (
    <>
      <nav aria-label={t('area.navigation')} className={classes.areaBar}>
        <ul className={classes.areaNav}>
          {sections.map((link) => {
            const Icon = link.icon;
            return (
              <li key={link.id}>
                <Link
                  to={link.route.getHref()}
                  className={classes.areaLink}
                  aria-current={section === link.id ? 'page' : undefined}
                >
                  <Icon size={20} aria-hidden />
                  {t(`area.${link.id}`)}
                  {link.id === 'verifications' ? <OpenCount count={queue.data?.items.length} /> : null}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div>{children}</div>
    </>
  );
}
