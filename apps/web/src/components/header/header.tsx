import { Burger } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogin2 } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button-classes.ts';
import { Container } from '@/components/ui/container.tsx';
import { lazyPart } from '@/components/ui/lazy-part.tsx';
import { paths } from '@/config/paths.ts';
import { loadNamespaces } from '@/lib/i18n/i18n.ts';
import { useSessionLoading, useSessionUser } from '@/lib/session.ts';
import classes from './header.module.css';
import { LocaleSwitcher } from './locale-switcher.tsx';
import { Logo } from './logo.tsx';
import { useNavigationItems } from './navigation-items.ts';

// The side panel is downloaded the first time someone opens it.
const MobileMenu = lazyPart(() =>
  Promise.all([import('./mobile-menu.tsx'), loadNamespaces(['auth'])]).then(([m]) => m.MobileMenu),
);
// A guest's page never downloads the signed-in user's controls.
const SignedInActions = lazyPart(() =>
  Promise.all([import('./signed-in-actions.tsx'), loadNamespaces(['auth'])]).then(([m]) => m.SignedInActions),
);

export function Header() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const userLoading = useSessionLoading();
  const items = useNavigationItems();
  const [menuOpened, menu] = useDisclosure(false);
  const [menuRequested, setMenuRequested] = useState(false);

  return (
    <header className={classes.header}>
      <Container className={classes.inner}>
        <Logo />
        <nav aria-label={t('header.navigation')} className={classes.desktopOnly}>
          <ul className={classes.navList}>
            {items.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className={classes.navLink}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className={`${classes.actions} ${classes.desktopOnly}`}>
          <LocaleSwitcher />
          {user ? (
            <SignedInActions fallback={<span className={classes.signedInPlaceholder} />} user={user} />
          ) : userLoading ? (
            <span className={classes.signedInPlaceholder} />
          ) : (
            <Link to={paths.signIn.getHref()} className={buttonClasses()}>
              <IconLogin2 size={18} aria-hidden />
              {t('header.signIn')}
            </Link>
          )}
        </div>
        <Burger
          opened={menuOpened}
          onClick={() => {
            setMenuRequested(true);
            menu.toggle();
          }}
          className={`${classes.burger} ${classes.mobileOnly}`}
          aria-label={menuOpened ? t('header.menu.close') : t('header.menu.open')}
          aria-expanded={menuOpened}
          aria-controls="mobile-menu"
        />
      </Container>
      {menuRequested ? (
        <MobileMenu fallback={null} opened={menuOpened} onClose={menu.close} items={items} user={user} />
      ) : null}
    </header>
  );
}
