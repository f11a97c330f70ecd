import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { operations } from '@opora/contracts/endpoints';
import { IconArrowRight, IconCheck, IconInfoCircle, IconUserPlus } from '@tabler/icons-react';
import { skipToken, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { WarningAlert } from '@/components/ui/warning-alert.tsx';
import { wrappingButton } from '@/components/ui/wrapping-button.ts';
import { paths } from '@/config/paths.ts';
import { afterPaymentStep, isWizardStep, wizardOf, wizardStepHref } from '@/config/wizard-steps.ts';
import { operationQueryOptions } from '@/lib/operations.ts';
import { useRouteHandle } from '@/lib/route-handle.ts';
import { useSessionUser } from '@/lib/session.ts';
import { variantOfSubscription } from '@/shared-features/subscriptions/subscription-queries.ts';
import { useWizardCase } from '@/shared-features/wizard/wizard-case.ts';
import { ServiceOffer } from './service-offer.tsx';

/**
 * `/new-client-wizard/service-offer/:caseId` and `/new-case-wizard/service-offer/:caseId`: the pool
 * for the case's client, ordered by this case's answers, and the way on to sending a request (or,
 * with an assistant, to the assistant). Without a subscription the pool offers the plans, each
 * leading to the payment step.
 */
export function WizardServiceOfferPage() {
  const { t } = useTranslation('clients');
  const { caseId, data: wizardCase } = useWizardCase();
  const routeName = useRouteHandle()?.name;
  const kind = isWizardStep(routeName) ? wizardOf(routeName) : 'newClient';
  const variant = variantOfSubscription(useSessionUser()?.subscription);
  const client = wizardCase?.client ?? null;
  const next = variant && caseId ? afterPaymentStep(kind, variant) : null;
  // The anonymous new-client flow: the service chosen on its detail, requested from here.
  const { serviceId } = useParams();
  const chosen = useQuery(
    operationQueryOptions(operations.getService, serviceId ? { params: { serviceId } } : skipToken),
  );

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('wizardOffer.title')}</Title>
        <Text c="dimmed" size="lg">
          {client ? t('wizardOffer.intro', { name: client.fullName }) : t('wizardOffer.introNoName')}
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
          {next ? (
            <Alert
              color="blue"
              variant="light"
              role="note"
              icon={<IconInfoCircle aria-hidden />}
              title={t('wizardOffer.nextTitle')}
            >
              {t('wizardOffer.nextText')}
            </Alert>
          ) : null}
          {chosen.data && serviceId ? (
            <Paper withBorder radius="md" p="lg">
              <Stack gap="sm" align="flex-start">
                <Title order={2} size="h3">
                  {t('wizardOffer.chosenTitle')}
                </Title>
                <Text>{t('wizardOffer.chosenText', { name: chosen.data.name })}</Text>
                {next ? (
                  <Button
                    component={Link}
                    to={wizardStepHref(next, { caseId, serviceId })}
                    {...wrappingButton}
                    rightSection={<IconArrowRight size={20} aria-hidden />}
                  >
                    {next === 'dashboardRequestReview'
                      ? t('wizardOffer.requestChosen', { name: chosen.data.name })
                      : t('wizard.next', { step: t(`wizard.steps.${next}`) })}
                  </Button>
                ) : null}
              </Stack>
            </Paper>
          ) : null}
          <ServiceOffer clientId={client.id} caseId={caseId} wizard={kind} />
          <Paper withBorder radius="md" p="lg">
            <Stack gap="sm" align="flex-start">
              <Text>{t('wizardOffer.finishText')}</Text>
              <Group>
                {next ? (
                  <Button
                    component={Link}
                    to={wizardStepHref(next, { caseId, serviceId })}
                    {...wrappingButton}
                    rightSection={<IconArrowRight size={20} aria-hidden />}
                  >
                    {t('wizard.next', { step: t(`wizard.steps.${next}`) })}
                  </Button>
                ) : null}
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
