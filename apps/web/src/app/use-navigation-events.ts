import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { emitNavigationEvent } from '@/lib/navigation-events.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';

/** Emits one navigation event per route change: the route name, or the path where none matched. */
export function useNavigationEvents(handle: RouteHandle | undefined, entered: boolean): void {
  const location = useLocation();
  const fullPath = `${location.pathname}${location.search}${location.hash}`;
  const name = handle?.name ?? location.pathname;

  // Not while the first page is still being entered: the guard may send the person elsewhere.
  useEffect(() => {
    if (entered) emitNavigationEvent({ name, fullPath });
  }, [location.key, entered]);
}
