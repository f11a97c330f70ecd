import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/**
 * A page that only sends the browser on: to `to`, replacing its own history entry. React Router's
 * `<Navigate>` does the same, but using it anywhere puts it in the shared router chunk every page
 * loads (0.6 KB over the home route's budget); `useNavigate` is there already.
 */
export function ReplaceWith({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace: true });
  }, [navigate, to]);
  return null;
}
