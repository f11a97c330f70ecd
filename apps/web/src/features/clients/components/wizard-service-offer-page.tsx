import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconInfoCircle, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useWizardCase } from '@/components/wizard/wizard-case.ts';
import { paths } from '@/config/paths.ts';
import { ServiceOffer } from './service-offer.tsx';

/**
 * `/new-client-wizard/service-offer/:caseId` and `/new-case-wizard/service-offer/:caseId`: the pool
 * for the case's client, ordered by this case's answers. Sending requests (payment, request review)
 * comes with the next issue, and the page says so.
 */
export function WizardServiceOfferPage() {
  const { t } = useTranslation('clients');
  const { caseId, data: wizardCase } = useWizardCase();
  const client = wizardCase?.client ?? null;

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
        <Alert
          color="yellow"
          variant="light"
          icon={<IconInfoCircle aria-hidden />}
          title={t('wizardOffer.noClient')}
        >
          <Button
            component={Link}
            to={paths.newClientWizardNewClient.getHref({ caseId })}
            mt="sm"
            leftSection={<IconUserPlus size={20} aria-hidden />}
          >
            {t('wizardOffer.enterClient')}
          </Button>
        </Alert>
      ) : (
        <>
          <Alert
            color="blue"
            variant="light"
            icon={<IconInfoCircle aria-hidden />}
            title={t('wizardOffer.nextTitle')}
          >
            {t('wizardOffer.nextText')}
          </Alert>
          <ServiceOffer clientId={client.id} caseId={caseId} />
          <Paper withBorder radius="md" p="lg">
            <Stack gap="sm" align="flex-start">
              <Text>{t('wizardOffer.finishText')}</Text>
              <Group>
                <Button
                  component={Link}
                  to={paths.dashboardClient.getHref({ id: client.id })}
                  size="lg"
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
