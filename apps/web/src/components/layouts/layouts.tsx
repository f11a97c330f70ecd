import type { ComponentType, ReactNode } from 'react';
import { Container } from '@/components/ui/container.tsx';
import type { LayoutName } from '@/lib/route-handle.ts';
import classes from './layouts.module.css';
import { mainContentId, SiteFrame } from './site-frame.tsx';

type LayoutProps = { children: ReactNode };

/** Content pages: the page owns its width (full-bleed sections on home). */
export function DefaultLayout({ children }: LayoutProps) {
  return <SiteFrame>{children}</SiteFrame>;
}

/** A single narrow column, centred: sign-in forms, short notices, errors. */
export function CenteredLayout({ children }: LayoutProps) {
  return (
    <SiteFrame mainClassName={classes.centeredMain}>
      <Container size="sm">{children}</Container>
    </SiteFrame>
  );
}

/** The client area: cards on a grey background. */
export function ClientLayout({ children }: LayoutProps) {
  return (
    <SiteFrame mainClassName={classes.clientMain}>
      <Container>{children}</Container>
    </SiteFrame>
  );
}

/** Identity screens (provider sign-in and the like): one card on a tinted background. */
export function AuthLayout({ children }: LayoutProps) {
  return (
    <SiteFrame mainClassName={classes.authMain}>
      <Container size="sm">
        <div className={classes.authCard}>{children}</div>
      </Container>
    </SiteFrame>
  );
}

/** Printable documents: no header, footer or navigation. */
export function PrintLayout({ children }: LayoutProps) {
  return (
    <main id={mainContentId} tabIndex={-1} className={classes.printMain}>
      {children}
    </main>
  );
}

export const layoutComponents: Record<LayoutName, ComponentType<LayoutProps>> = {
  default: DefaultLayout,
  centered: CenteredLayout,
  client: ClientLayout,
  auth: AuthLayout,
  print: PrintLayout,
};
