import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconLayoutDashboard, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs, Outlet, useParams } from 'react-router';
import { useRouteHandle } from '@/app/route-handle.ts';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { queryClient } from '@/lib/query-client.ts';
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

function isMissing(error: unknown): boolean {
  return error instanceof ApiError && [400, 403, 404].includes(error.status);
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
      <Stack gap="md" align="flex-start" py="xl">
        <Title order={1}>{t('wizard.notFound.title')}</Title>
        <Text size="lg">{t('wizard.notFound.text')}</Text>
        <Button
          component={Link}
          to={paths.dashboard.getHref()}
          leftSection={<IconLayoutDashboard size={20} aria-hidden />}
        >
          {t('wizard.backToDashboard')}
        </Button>
      </Stack>
    );
  }

  return (
    <>
      <WizardProgress
        step={step}
        caseId={wizardCase.caseId}
        wizardCase={wizardCase.data}
        clientId={params.clientId}
      />
      {wizardCase.isError ? (
        <Alert
          color="red"
          variant="light"
          role="alert"
          icon={<IconAlertTriangle aria-hidden />}
          title={t('wizard.error.title')}
        >
          <Stack gap="sm" align="flex-start">
            <Text>{t('wizard.error.text')}</Text>
            <Button
              variant="default"
              leftSection={<IconRefresh size={18} aria-hidden />}
              loading={wizardCase.isFetching}
              onClick={() => void wizardCase.refetch()}
            >
              {t('wizard.error.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Outlet />
      )}
    </>
  );
}
