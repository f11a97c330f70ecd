import { useFullScreenLoader } from '@/components/overlays/full-screen-loader.tsx';

/** Signs out (SPEC §2): the page reloads on the sign-in route once the server has been told. */
export function useSignOut(): () => void {
  const loader = useFullScreenLoader();
  return () => {
    void loader.track(import('@/lib/auth/session-runtime.ts').then((session) => session.signOut()));
  };
}
