import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths, returnPathParam } from '@/config/paths.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { takeIntendedSessionEnd, useSessionUser } from '@/lib/session.ts';

/**
 * When the session ends under a page that needs it (the identity server refused a refresh, another
 * tab signed out), the person is sent to sign-in rather than left on a page that can no longer work;
 * signed in again, they come back to the page (a wizard step keeps its draft meanwhile).
 */
export function useSessionEndRedirect(handle: RouteHandle | undefined): void {
  const user = useSessionUser();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const previous = useRef(user);

  useEffect(() => {
    const ended = previous.current !== null && user === null;
    previous.current = user;
    if (!ended || takeIntendedSessionEnd()) return;
    if (!handle || handle.access === 'public' || handle.access === 'guest') return;
    void navigate(paths.signIn.getHref(undefined, { [returnPathParam]: pathname + search }), {
      replace: true,
    });
  }, [user]);
}
