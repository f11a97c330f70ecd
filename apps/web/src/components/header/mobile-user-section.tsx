import { Button, Group, Stack, Text } from '@mantine/core';
import { IconKey, IconLayoutDashboard, IconLogout, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import type { SessionUser } from '@/lib/session.ts';
import { useAreaLinks } from './area-links.ts';
import classes from './header.module.css';
import { useSignOut } from './use-sign-out.ts';
import { UserAvatar } from './user-avatar.tsx';

/** The signed-in user's part of the mobile menu: who is signed in, their pages, sign-out. */
export function MobileUserSection({ user, onNavigate }: { user: SessionUser; onNavigate: () => void }) {
  const { t } = useTranslation(['auth', 'common']);
  const signOut = useSignOut();
  const links = [
    { to: paths.dashboard.getHref(), label: t('common:routes.dashboard.title'), icon: IconLayoutDashboard },
    ...useAreaLinks(user),
    { to: paths.userProfile.getHref(), label: t('userMenu.profile'), icon: IconUser },
    { to: paths.userChangePassword.getHref(), label: t('userMenu.changePassword'), icon: IconKey },
  ];

  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="nowrap">
        <UserAvatar firstName={user.firstName} lastName={user.lastName} size={44} />
        <div style={{ minWidth: 0 }}>
          <Text fw={600} truncate>
            {user.fullName}
          </Text>
          <Text size="sm" c="dimmed" truncate>
            {user.email}
          </Text>
        </div>
      </Group>
      <Stack component="nav" aria-label={t('userMenu.navigation')} gap={4}>
        {links.map(({ to, label, icon: Icon }) => (
          <Link key={to} to={to} className={classes.mobileLink} onClick={onNavigate}>
            <Icon size={20} aria-hidden className={classes.mobileLinkIcon} />
            {label}
          </Link>
        ))}
      </Stack>
      <Button
        variant="default"
        size="lg"
        leftSection={<IconLogout size={20} aria-hidden />}
        onClick={() => {
          onNavigate();
          signOut();
        }}
      >
        {t('userMenu.signOut')}
      </Button>
    </Stack>
  );
}
