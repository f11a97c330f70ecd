import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconHistory } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/components/overlays/toast.tsx';
import { useWizardCase } from '@/components/wizard/wizard-case.ts';
import { nextWizardStep, wizardStepHref } from '@/config/wizard-steps.ts';
import { useCreateClient } from '../api/create-client.ts';
import { useClient } from '../api/get-client.ts';
import { useFormDraft } from '../hooks/use-form-draft.ts';
import { type ClientFormValues, emptyClientForm } from '../utils/client-form-values.ts';
import { ClientDetails } from './client-details.tsx';
import { ClientForm } from './client-form.tsx';

const step = 'newClientWizardNewClient';
/** Never kept in the tab's storage: the birth number is the most sensitive field (DOMAIN "GDPR"). */
const notDrafted = [
  'birthNumber',
  'healthDataConsent',
] as const satisfies readonly (keyof ClientFormValues)[];

function nextHref(caseId: string): string {
  return wizardStepHref(nextWizardStep(step)!, { caseId });
}

/** The case already has its client (the step was done before): its data and the way on. */
function EnteredClient({ clientId, caseId }: { clientId: string; caseId: string }) {
  const { t } = useTranslation('clients');
  const client = useClient(clientId);
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Text size="lg">{t('newClient.entered')}</Text>
        {client.data ? <ClientDetails client={client.data} /> : <Skeleton height={240} />}
        <Group>
          <Button
            component={Link}
            to={nextHref(caseId)}
            size="lg"
            rightSection={<IconArrowRight size={20} aria-hidden />}
          >
            {t('newClient.continue')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function NewClientForm({ caseId }: { caseId: string }) {
  const { t } = useTranslation('clients');
  const navigate = useNavigate();
  const createCall = useCreateClient();
  const draft = useFormDraft<ClientFormValues>(`client:${caseId}`, notDrafted);
  const initialValues = useMemo(
    () => ({ ...emptyClientForm, ...draft.restored }),
    // The draft is read once, when the form starts.
    [],
  );

  return (
    <Stack gap="md">
      {draft.restored ? (
        <Alert color="blue" variant="light" icon={<IconHistory aria-hidden />}>
          {t('newClient.draftRestored')}
        </Alert>
      ) : null}
      <ClientForm
        mode={{ kind: 'create', caseId, submit: (body) => createCall.mutateAsync(body) }}
        initialValues={initialValues}
        submitLabel={t('newClient.submit')}
        onValuesChange={draft.save}
        onSuccess={async () => {
          draft.clear();
          void toast.success(t('newClient.saved'));
          await navigate(nextHref(caseId));
        }}
        leavesOnSuccess
      />
    </Stack>
  );
}

/**
 * `/new-client-wizard/new-client/:caseId` (SPEC §2, §4): the wizard's first step, who the care is
 * for. What is typed is kept in the tab while typing, so a reload or a new sign-in loses nothing.
 */
export function NewClientPage() {
  const { t } = useTranslation('clients');
  const { caseId, data: wizardCase } = useWizardCase();

  return (
    <Stack gap="lg" maw={880}>
      <Stack gap={4}>
        <Title order={1}>{t('newClient.title')}</Title>
        <Text c="dimmed" size="lg">
          {t('newClient.intro')}
        </Text>
      </Stack>
      {!caseId || !wizardCase ? (
        <Skeleton height={480} />
      ) : wizardCase.client ? (
        <EnteredClient clientId={wizardCase.client.id} caseId={caseId} />
      ) : (
        <NewClientForm caseId={caseId} />
      )}
    </Stack>
  );
}
