import type { RouteName } from '@opora/contracts';
import { type Icon, IconBuildingHospital, IconUserShield } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';
import { hasPermission, type SessionUser } from '@/lib/session.ts';

export type AreaLink = { name: RouteName; to: string; label: string; icon: Icon };

/**
 * The work areas beside the client dashboard, each opened by the permission link naming its route
 * (`/users/me`, contracts' `routeGrants`): provider staff get the provider area, platform staff the
 * administration.
 */
const areas = [
  // The provider area opens on its inbox: straight there, without `/provider`'s redirect.
  { route: paths.providerHome, to: paths.providerRequests.getHref(), icon: IconBuildingHospital },
  { route: paths.adminHome, to: paths.adminHome.getHref(), icon: IconUserShield },
] as const;

/** Links to the areas this user may open, for the header, the user menu and the dashboard. */
export function useAreaLinks(user: SessionUser | null): AreaLink[] {
  const { t } = useTranslation('common');
  if (!user) return [];
  return areas
    .filter(({ route }) => hasPermission(user, route.name))
    .map(({ route, to, icon }) => ({
      name: route.name,
      to,
      label: t(`routes.${route.name}.title`),
      icon,
    }));
}
