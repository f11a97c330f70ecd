import { Badge } from '@mantine/core';
import { IconHistory, IconLayoutDashboard, IconShieldCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { useVerificationQueue } from '../api/provider-verifications.ts';
import classes from './admin.module.css';

export type AdminSection = 'home' | 'verifications' | 'audit';

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
 * The platform staff's console around each of its pages: the way between its home, the verification
 * queue (with the count of open checks) and the audit log, as the provider area's bar looks.
 */
export function AdminArea({ section, children }: { section: AdminSection; children: ReactNode }) {
  const { t } = useTranslation('admin');
  const queue = useVerificationQueue();
  const links = [
    { section: 'home', to: paths.adminHome.getHref(), label: t('area.home'), icon: IconLayoutDashboard },
    {
      section: 'verifications',
      to: paths.adminVerifications.getHref(),
      label: t('area.verifications'),
      icon: IconShieldCheck,
      count: queue.data?.items.length,
    },
    { section: 'audit', to: paths.adminAudit.getHref(), label: t('area.audit'), icon: IconHistory },
  ] as const;
  return (
    <>
      <nav aria-label={t('area.navigation')} className={classes.areaBar}>
        <ul className={classes.areaNav}>
          {links.map((link) => {
            const Icon = link.icon;
            return (
              <li key={link.section}>
                <Link
                  to={link.to}
                  className={classes.areaLink}
                  aria-current={section === link.section ? 'page' : undefined}
                >
                  <Icon size={20} aria-hidden />
                  {link.label}
                  {'count' in link ? <OpenCount count={link.count} /> : null}
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
