import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconInfoCircle, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WarningAlert } from '@/components/ui/warning-alert.tsx';
import { wrappingButton } from '@/components/ui/wrapping-button.ts';
import { paths } from '@/config/paths.ts';
import { isWizardStep, wizardOf } from '@/config/wizard-steps.ts';
import { useRouteHandle } from '@/lib/route-handle.ts';
import { useWizardCase } from '@/shared-features/wizard/wizard-case.ts';
import { ServiceOffer } from './service-offer.tsx';

/**
 * `/new-client-wizard/services/:caseId` and `/new-case-wizard/services/:caseId` (SPEC §2, §4): the
 * wizards' last step with a self-managed plan — the case's pool, each service leading to its request
 * review. Without a subscription the pool offers the plans instead.
 */
export function WizardServicesPage() {
  const { t } = useTranslation('clients');
  const { caseId, data: wizardCase } = useWizardCase();
  const routeName = useRouteHandle()?.name;
  const kind = isWizardStep(routeName) ? wizardOf(routeName) : 'newClient';
  const client = wizardCase?.client ?? null;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('wizardServices.title')}</Title>
        <Text c="dimmed" size="lg">
          {client ? t('wizardServices.intro', { name: client.fullName }) : t('wizardServices.introNoName')}
        </Text>
      </Stack>
      {!caseId || !wizardCase ? (
        <Skeleton height={320} />
      ) : !client ? (
        <WarningAlert role="note" icon={<IconInfoCircle aria-hidden />} title={t('wizardOffer.noClient')}>
          <Button
            component={Link}
            to={paths.newClientWizardNewClient.getHref({ caseId })}
            mt="sm"
            leftSection={<IconUserPlus size={20} aria-hidden />}
          >
            {t('wizardOffer.enterClient')}
          </Button>
        </WarningAlert>
      ) : (
        <>
          <ServiceOffer clientId={client.id} caseId={caseId} wizard={kind} requestable />
          <Paper withBorder radius="md" p="lg">
            <Stack gap="sm" align="flex-start">
              <Text>{t('wizardOffer.finishText')}</Text>
              <Group>
                <Button
                  component={Link}
                  to={paths.dashboardClient.getHref({ id: client.id })}
                  {...wrappingButton}
                  variant="default"
                  leftSection={<IconCheck size={20} aria-hidden />}
                >
                  {t('wizardOffer.finish')}
                </Button>
              </Group>
            </Stack>
          </Paper>
        </>
      )}
    </Stack>
  );
}
