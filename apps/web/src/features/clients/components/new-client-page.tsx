import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { operations } from '@opora/contracts/endpoints';
import { IconArrowRight, IconHistory, IconInfoCircle } from '@tabler/icons-react';
import { skipToken, useQuery } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from '@/components/overlays/toast.tsx';
import { nextWizardStep, type WizardStep, wizardStepHref } from '@/config/wizard-steps.ts';
import { operationQueryOptions, useOperationQuery } from '@/lib/operations.ts';
import { useRouteHandle } from '@/lib/route-handle.ts';
import { useWizardCase } from '@/shared-features/wizard/wizard-case.ts';
import { createCase } from '../api/create-case.ts';
import { useCreateClient } from '../api/create-client.ts';
import { useFormDraft } from '../hooks/use-form-draft.ts';
import { type ClientFormValues, emptyClientForm } from '../utils/client-form-values.ts';
import { ClientDetails } from './client-details.tsx';
import { ClientForm } from './client-form.tsx';

type ClientStep = Extract<
  WizardStep,
  'newClientWizardNewClient' | 'anonNewCaseNewClient' | 'anonNewClientNewClient'
>;
const clientSteps: readonly string[] = [
  'newClientWizardNewClient',
  'anonNewCaseNewClient',
  'anonNewClientNewClient',
];

/** Which wizard's client step this page is (its route's name). */
function useClientStep(): ClientStep {
  const name = useRouteHandle()?.name;
  return name && clientSteps.includes(name) ? (name as ClientStep) : 'newClientWizardNewClient';
}
/** Never kept in the tab's storage: the birth number is the most sensitive field (DOMAIN "GDPR"). */
const notDrafted = [
  'birthNumber',
  'healthDataConsent',
] as const satisfies readonly (keyof ClientFormValues)[];

function nextHref(step: ClientStep, caseId: string, serviceId: string | undefined): string {
  return wizardStepHref(nextWizardStep(step)!, { caseId, serviceId });
}

/** The case already has its client (the step was done before): its data and the way on. */
function EnteredClient({ clientId, caseId }: { clientId: string; caseId: string }) {
  const { t } = useTranslation('clients');
  const step = useClientStep();
  const { serviceId } = useParams();
  const client = useOperationQuery(operations.getClient, { params: { clientId } });
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Text size="lg">{t('newClient.entered')}</Text>
        {client.data ? <ClientDetails client={client.data} /> : <Skeleton height={240} />}
        <Group>
          <Button
            component={Link}
            to={nextHref(step, caseId, serviceId)}
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

/**
 * The anonymous new-client flow's case: opened when the client is saved (the flow starts from a
 * service, without a case), once per service in this tab however often the form is sent.
 */
function flowCaseKey(serviceId: string): string {
  const storageKey = `opora.anonNewClientCase:${serviceId}`;
  const kept = window.sessionStorage.getItem(storageKey);
  if (kept) return kept;
  const key = crypto.randomUUID();
  window.sessionStorage.setItem(storageKey, key);
  return key;
}

function NewClientForm({ caseId }: { caseId: string | null }) {
  const { t } = useTranslation('clients');
  const step = useClientStep();
  const { serviceId } = useParams();
  const navigate = useNavigate();
  const createCall = useCreateClient();
  const openedCase = useRef<string | null>(caseId);
  const draft = useFormDraft<ClientFormValues>(
    `client:${caseId ?? `service:${serviceId ?? ''}`}`,
    notDrafted,
  );
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
        mode={
          caseId
            ? { kind: 'create', caseId, submit: (body) => createCall.mutateAsync(body) }
            : {
                kind: 'create',
                submit: async (body) => {
                  openedCase.current ??= (await createCase(t, flowCaseKey(serviceId ?? ''))).id;
                  return createCall.mutateAsync({ ...body, caseId: openedCase.current });
                },
              }
        }
        initialValues={initialValues}
        submitLabel={t('newClient.submit')}
        onValuesChange={draft.save}
        onSuccess={async () => {
          draft.clear();
          toast.success(t('newClient.saved'));
          if (openedCase.current) await navigate(nextHref(step, openedCase.current, serviceId));
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
  const step = useClientStep();
  const { caseId, data: wizardCase } = useWizardCase();
  const { serviceId } = useParams();
  const service = useQuery(
    operationQueryOptions(operations.getService, serviceId ? { params: { serviceId } } : skipToken),
  );

  return (
    <Stack gap="lg" maw={880}>
      <Stack gap={4}>
        <Title order={1}>{t('newClient.title')}</Title>
        <Text c="dimmed" size="lg">
          {t('newClient.intro')}
        </Text>
      </Stack>
      {service.data ? (
        <Alert color="blue" variant="light" role="note" icon={<IconInfoCircle aria-hidden />}>
          {t('newClient.forService', { name: service.data.name })}
        </Alert>
      ) : null}
      {step === 'anonNewClientNewClient' && !caseId ? (
        <NewClientForm caseId={null} />
      ) : !caseId || !wizardCase ? (
        <Skeleton height={480} />
      ) : wizardCase.client ? (
        <EnteredClient clientId={wizardCase.client.id} caseId={caseId} />
      ) : (
        <NewClientForm caseId={caseId} />
      )}
    </Stack>
  );
}
