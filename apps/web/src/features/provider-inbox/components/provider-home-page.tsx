import { Navigate, useLocation } from 'react-router';
import { paths } from '@/config/paths.ts';

/**
 * `/provider` (SPEC §1 home area) opens the inbox. The search goes along: a reminder e-mail's
 * `?provider=` names the provider to act for.
 */
export function ProviderHomePage() {
  const { search } = useLocation();
  return <Navigate replace to={`${paths.providerRequests.getHref()}${search}`} />;
}
