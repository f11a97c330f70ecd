import { Button, Menu, Text, UnstyledButton } from '@mantine/core';
import {
  IconChevronDown,
  IconInbox,
  IconKey,
  IconLayoutDashboard,
  IconLogout,
  IconUser,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import type { SessionUser } from '@/lib/session.ts';
import { useAreaLinks } from './area-links.ts';
import classes from './header.module.css';
import { useSignOut } from './use-sign-out.ts';
import { UserAvatar } from './user-avatar.tsx';

/**
 * The header's right side for a signed-in user: the dashboard button (provider staff: their inbox) and
 * the user menu, which lists first the work areas the user may open (provider area, administration).
 * The bar has no room for a button per area beside its links; the dashboard shows them as well.
 */
export function SignedInActions({ user }: { user: SessionUser }) {
  const { t } = useTranslation(['auth', 'common']);
  const signOut = useSignOut();
  const areaLinks = useAreaLinks(user);
  // Provider staff work in their inbox, where sign-in lands them: the bar's button leads there, and the
  // carer's dashboard moves into the menu.
  const provider = areaLinks.some((link) => link.name === paths.providerHome.name);

  return (
    <>
      {provider ? (
        <Button
          component={Link}
          to={paths.providerRequests.getHref()}
          variant="light"
          leftSection={<IconInbox size={20} aria-hidden />}
        >
          {t('common:routes.providerRequests.title')}
        </Button>
      ) : (
        <Button
          component={Link}
          to={paths.dashboard.getHref()}
          variant="light"
          leftSection={<IconLayoutDashboard size={20} aria-hidden />}
        >
          {t('common:routes.dashboard.title')}
        </Button>
      )}
      <Menu position="bottom-end" shadow="md" width={260}>
        <Menu.Target>
          <UnstyledButton
            className={classes.userButton}
            aria-label={t('userMenu.open', { name: user.fullName })}
          >
            <UserAvatar firstName={user.firstName} lastName={user.lastName} size={36} />
            <span className={classes.userName}>{user.firstName || user.fullName}</span>
            <IconChevronDown size={16} aria-hidden />
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            <Text fw={600} c="dark.7" truncate>
              {user.fullName}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {user.email}
            </Text>
          </Menu.Label>
          <Menu.Divider />
          {areaLinks.map(({ to, label, icon: Icon }) => (
            <Menu.Item key={to} component={Link} to={to} leftSection={<Icon size={18} aria-hidden />}>
              {label}
            </Menu.Item>
          ))}
          {provider ? (
            <Menu.Item
              component={Link}
              to={paths.dashboard.getHref()}
              leftSection={<IconLayoutDashboard size={18} aria-hidden />}
            >
              {t('common:routes.dashboard.title')}
            </Menu.Item>
          ) : null}
          {areaLinks.length > 0 ? <Menu.Divider /> : null}
          <Menu.Item
            component={Link}
            to={paths.userProfile.getHref()}
            leftSection={<IconUser size={18} aria-hidden />}
          >
            {t('userMenu.profile')}
          </Menu.Item>
          <Menu.Item
            component={Link}
            to={paths.userChangePassword.getHref()}
            leftSection={<IconKey size={18} aria-hidden />}
          >
            {t('userMenu.changePassword')}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item leftSection={<IconLogout size={18} aria-hidden />} onClick={signOut}>
            {t('userMenu.signOut')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </>
  );
}
