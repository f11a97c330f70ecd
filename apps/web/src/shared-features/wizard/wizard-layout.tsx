import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, Outlet, useParams } from 'react-router';
import { DashboardButton, isMissing, LoadError, NotFoundState } from '@/components/ui/page-states.tsx';
import { queryClient } from '@/lib/query-client.ts';
import { useRouteHandle } from '@/lib/route-handle.ts';
import { isWizardStep, useWizardCase, wizardCaseId, wizardCaseQueryOptions } from './wizard-case.ts';
import { WizardProgress } from './wizard-progress.tsx';

/**
 * Runs (after the navigation guard) before any step of a wizard is shown: loads the case once into
 * the query cache, where the layout and every step read it. A failure is the layout's to show.
 */
export async function loader({ params, request }: LoaderFunctionArgs): Promise<null> {
  const caseId = wizardCaseId(params, new URL(request.url).searchParams);
  if (caseId) await queryClient.fetchQuery(wizardCaseQueryOptions(caseId)).catch(() => null);
  return null;
}

/** The logged-in wizards' frame (SPEC §2, §4): the steps and the way back and on, then the step. */
export function WizardLayout() {
  const { t } = useTranslation('clients');
  const handle = useRouteHandle();
  const params = useParams();
  const wizardCase = useWizardCase();
  const step = handle?.name;
  if (!isWizardStep(step)) return <Outlet />;

  if (wizardCase.isError && isMissing(wizardCase.error)) {
    return (
      <NotFoundState title={t('wizard.notFound.title')} text={t('wizard.notFound.text')}>
        <DashboardButton>{t('wizard.backToDashboard')}</DashboardButton>
      </NotFoundState>
    );
  }

  return (
    <>
      <WizardProgress
        step={step}
        caseId={wizardCase.caseId}
        wizardCase={wizardCase.data}
        clientId={params.clientId}
        subscriptionTypeId={params.subscriptionTypeId}
      />
      {wizardCase.isError ? (
        <LoadError
          title={t('wizard.error.title')}
          text={t('wizard.error.text')}
          retryLabel={t('wizard.error.retry')}
          retrying={wizardCase.isFetching}
          onRetry={() => void wizardCase.refetch()}
        />
      ) : (
        <Outlet />
      )}
    </>
  );
}
