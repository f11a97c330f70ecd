import {
  type Icon,
  IconCategory,
  IconChecklist,
  IconCreditCard,
  IconHeadset,
  IconHistory,
  IconLayoutDashboard,
  IconShieldCheck,
  IconUsersGroup,
} from '@tabler/icons-react';
import { paths } from '@/config/paths.ts';
import { hasPermission, type SessionUser } from '@/lib/session.ts';

/** The console's sections, in the order of its bar; each opens only for whom its route is granted. */
export const adminSections = [
  { id: 'home', route: paths.adminHome, icon: IconLayoutDashboard },
  { id: 'verifications', route: paths.adminVerifications, icon: IconShieldCheck },
  { id: 'assistantTasks', route: paths.adminAssistantTasks, icon: IconUsersGroup },
  { id: 'support', route: paths.adminSupport, icon: IconHeadset },
  { id: 'subscriptions', route: paths.adminSubscriptions, icon: IconCreditCard },
  { id: 'surveys', route: paths.adminSurveys, icon: IconChecklist },
  { id: 'serviceTypes', route: paths.adminServiceTypes, icon: IconCategory },
  { id: 'audit', route: paths.adminAudit, icon: IconHistory },
] as const satisfies readonly { id: string; route: { name: string; getHref: () => string }; icon: Icon }[];

export type AdminSection = (typeof adminSections)[number]['id'];

/**
 * The sections `user` may open: a platform administrator all of them, an assistant the home and the
 * work queue (contracts' `routeGrants`).
 */
export function sectionsFor(user: SessionUser | null) {
  return adminSections.filter((section) => user !== null && hasPermission(user, section.route.name));
}
