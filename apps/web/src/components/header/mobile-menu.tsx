import { Button, Divider, Drawer, Stack } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { zIndex } from '@opora/contracts';
import { IconLogin2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { useModalLayer } from '@/lib/modal-stack.ts';
import type { SessionUser } from '@/lib/session.ts';
import classes from './header.module.css';
import { LocaleList } from './locale-list.tsx';
import { MobileUserSection } from './mobile-user-section.tsx';
import type { NavigationItem } from './navigation-items.ts';

type MobileMenuProps = {
  opened: boolean;
  onClose: () => void;
  items: NavigationItem[];
  user: SessionUser | null;
};

/** The header's items for small screens, in a side panel opened by the burger. */
export function MobileMenu({ opened, onClose, items, user }: MobileMenuProps) {
  const { t } = useTranslation();
  const isTop = useModalLayer(opened);

  useWindowEvent('keydown', (event) => {
    if (opened && event.key === 'Escape' && isTop()) onClose();
  });

  return (
    <Drawer
      id="mobile-menu"
      opened={opened}
      onClose={onClose}
      closeOnEscape={false}
      position="right"
      size="min(20rem, 100vw)"
      title={t('header.menu.title')}
      zIndex={zIndex.sidepanel}
      closeButtonProps={{ 'aria-label': t('header.menu.close'), size: 'lg' }}
      hiddenFrom="md"
    >
      <Stack gap="lg">
        <Stack component="nav" aria-label={t('header.navigation')} gap={4}>
          {items.map((item) => (
            <Link key={item.to} to={item.to} className={classes.mobileLink} onClick={onClose}>
              {item.label}
            </Link>
          ))}
        </Stack>
        <Divider />
        <LocaleList onChosen={onClose} />
        <Divider />
        {user ? (
          <MobileUserSection user={user} onNavigate={onClose} />
        ) : (
          <Button
            component={Link}
            to={paths.signIn.getHref()}
            onClick={onClose}
            size="lg"
            leftSection={<IconLogin2 size={20} aria-hidden />}
          >
            {t('header.signIn')}
          </Button>
        )}
      </Stack>
    </Drawer>
  );
}
