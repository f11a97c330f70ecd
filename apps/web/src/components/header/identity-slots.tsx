import type { SessionUser } from '@/lib/session.ts';

// Places in the header the identity issue fills (SPEC §2). They render nothing until sign-in exists;
// the header already shows them only to a signed-in user.

/** Button to the dashboard for a signed-in user. */
export function DashboardButtonSlot(_props: { user: SessionUser }) {
  return null;
}

/** User menu with avatar (image, initials or generic icon), profile link and sign-out. */
export function UserMenuSlot(_props: { user: SessionUser }) {
  return null;
}

/** Sign-out action in the mobile menu: logs out, replaces the route with sign-in, then reloads. */
export function SignOutSlot(_props: { user: SessionUser }) {
  return null;
}
