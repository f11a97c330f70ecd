import { type LoaderFunctionArgs, Outlet, useParams } from 'react-router';
import { isWizardStep } from '@/config/wizard-steps.ts';
import { queryClient } from '@/lib/query-client.ts';
import { useRouteHandle } from '@/lib/route-handle.ts';
import { hasAccessToken, loadSessionUser, useSessionUser } from '@/lib/session.ts';
import { claimStoredGuestCase } from '@/shared-features/guest-cases/guest-cases.ts';
import { wizardCaseQueryOptions } from './wizard-case.ts';
import { WizardLayout } from './wizard-layout.tsx';
import { WizardProgress } from './wizard-progress.tsx';

/**
 * The anonymous new-case wizard's frame. Before any step is shown to a signed-in person, a guest case
 * this browser holds the secret of (the address's `:caseId`) is claimed for the account — whichever
 * step they land on after signing up or in — and the secret forgotten; then the case loads as in the
 * logged-in wizards. A guest's steps (the extended survey, sign-up) read their case through its
 * secret instead.
 */
export async function loader({ params }: LoaderFunctionArgs): Promise<null> {
  const caseId = params.caseId;
  if (!caseId || !hasAccessToken()) return null;
  const user = await loadSessionUser().catch(() => null);
  if (!user) return null;
  if (await claimStoredGuestCase(caseId)) {
    await queryClient.invalidateQueries({ queryKey: wizardCaseQueryOptions(caseId).queryKey });
  }
  await queryClient.fetchQuery(wizardCaseQueryOptions(caseId)).catch(() => null);
  return null;
}

/** Signed in: the logged-in wizards' frame. A guest: the steps, none of them done or linked yet. */
export function AnonWizardLayout() {
  const user = useSessionUser();
  const handle = useRouteHandle();
  const params = useParams();
  const step = handle?.name;
  if (user) return <WizardLayout />;
  if (!isWizardStep(step)) return <Outlet />;
  return (
    <>
      <WizardProgress
        step={step}
        caseId={params.caseId ?? null}
        wizardCase={undefined}
        clientId={undefined}
        subscriptionTypeId={undefined}
      />
      <Outlet />
    </>
  );
}
