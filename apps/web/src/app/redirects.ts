import { redirect, replace } from 'react-router';
import { paths } from '@/config/paths.ts';
import { createCase } from '@/features/clients/api/create-case.ts';
import { myClientsQueryOptions } from '@/features/clients/api/list-my-clients.ts';
import { i18n, loadNamespaces } from '@/lib/i18n/i18n.ts';
import { queryClient } from '@/lib/query-client.ts';
import { hasPermission, loadSessionUser } from '@/lib/session.ts';
import { navigationGuard } from './navigation-guard.ts';

// The work of the two redirect routes (SPEC §2), downloaded only when one of them is entered.

/**
 * `redirectAfterLogin`, where every sign-in without a page to return to lands: a guest goes home;
 * provider staff to their inbox (SPEC §1: the provider's home area), platform staff to the dashboard.
 * A carer with no client yet goes on to `redirectAfterRegistration` and the new-client wizard, however
 * they reached sign-in (from sign-up, from the confirmation e-mail, days later); with exactly one
 * client to that client's page; with several (or the list not loadable) to the dashboard. SPEC §2
 * sends "none" to the dashboard too; docs/decisions.md says why not.
 */
export async function redirectAfterLogin(): Promise<never> {
  const user = await loadSessionUser().catch(() => null);
  if (!user) throw redirect(paths.home.getHref());
  if (hasPermission(user, paths.providerHome.name)) throw redirect(paths.providerRequests.getHref());
  // Platform staff enter no clients: their dashboard leads to the administration.
  if (hasPermission(user, paths.adminHome.name)) throw redirect(paths.dashboard.getHref());
  const clients = await queryClient.fetchQuery(myClientsQueryOptions()).catch(() => null);
  if (clients?.length === 0) throw redirect(paths.redirectAfterRegistration.getHref());
  const only = clients?.length === 1 ? clients[0] : undefined;
  throw redirect(only ? paths.dashboardClient.getHref({ id: only.id }) : paths.dashboard.getHref());
}

const registrationCaseKeyName = 'opora.registration-case-key';

/**
 * The creation key of the case registration opens, kept in the tab: reloading the page (or coming back
 * to it) answers the same case instead of opening another. Without storage, a key per visit.
 */
function registrationCaseKey(): string {
  try {
    const stored = sessionStorage.getItem(registrationCaseKeyName);
    if (stored) return stored;
    const key = crypto.randomUUID();
    sessionStorage.setItem(registrationCaseKeyName, key);
    return key;
  } catch {
    return crypto.randomUUID();
  }
}

/**
 * `redirectAfterRegistration`: a new case (today, service level 1, a placeholder name), then the
 * new-client wizard's first step for it. Should the case not be created, the dashboard offers the
 * same first step ("Add client").
 */
export async function redirectAfterRegistration(url: string): Promise<never> {
  await navigationGuard('login', url);
  await loadNamespaces(['clients']);
  const created = await createCase(i18n.getFixedT(null, 'clients'), registrationCaseKey()).catch(() => null);
  throw redirect(
    created ? paths.newClientWizardNewClient.getHref({ caseId: created.id }) : paths.dashboard.getHref(),
  );
}

/**
 * `/new-client-wizard` without a step (docs/decisions.md): with `?caseId=`, that case's first step
 * (the client's details); without a case, `redirectAfterRegistration` opens one and goes there.
 */
export async function newClientWizardStart(url: string): Promise<never> {
  await navigationGuard('login', url);
  const caseId = new URL(url).searchParams.get('caseId');
  throw redirect(
    caseId ? paths.newClientWizardNewClient.getHref({ caseId }) : paths.redirectAfterRegistration.getHref(),
  );
}

/**
 * `/new-case-wizard` without a step (docs/decisions.md): SPEC §2's default step, the extended survey of
 * the client named by `?clientId=` (a `?caseId=` goes along) or, without one, of the carer's only
 * client; a carer with none or several chooses on the dashboard.
 */
export async function newCaseWizardStart(url: string): Promise<never> {
  await navigationGuard('login', url);
  const search = new URL(url).searchParams;
  let clientId = search.get('clientId');
  if (!clientId) {
    const clients = await queryClient.fetchQuery(myClientsQueryOptions()).catch(() => null);
    clientId = clients?.length === 1 ? (clients[0]?.id ?? null) : null;
  }
  throw redirect(
    clientId
      ? paths.newCaseWizardExtCaseSurvey.getHref({ clientId }, { caseId: search.get('caseId') })
      : paths.dashboard.getHref(),
  );
}

/**
 * `/provider/images`, the old "Logo and photos" page: the logo is now in the provider profile's
 * Provider information tab, the photos in each facility's Facility information tab (SPEC §2). Old
 * links land on the profile, keeping `?provider=` (which provider the person acts for).
 */
export function providerImagesMoved(url: string): never {
  throw replace(paths.providerProfile.getHref({}, { provider: new URL(url).searchParams.get('provider') }));
}
