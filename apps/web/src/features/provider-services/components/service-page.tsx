import { Alert, Anchor, Group, List, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { type ProviderService, type ProviderServiceUpdate, paths } from '@opora/contracts';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { toast } from '@/components/overlays/toast.tsx';
import { isMissing, LoadError, LoadingState, NotFoundState } from '@/components/ui/page-states.tsx';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { ProviderArea, useActingProvider } from '@/shared-features/provider-area/provider-area.tsx';
import { updateProviderService, useProviderService, useRefreshedAfter } from '../api/provider-services.ts';
import { managesServices } from './manages-services.ts';
import { ServiceForm } from './service-form.tsx';
import { ServiceLifecycle } from './service-lifecycle.tsx';
import { ServiceStatusBadge } from './service-status-badge.tsx';
import { ServiceSurveysTab } from './service-surveys-tab.tsx';

const tabs = ['info', 'surveys'] as const;

/** `/provider/services/:serviceId` (SPEC §2): status and its moves, then tabs Service information and Surveys (`?tab=surveys`). */
export function ServicePage() {
  return (
    <ProviderArea section="services">
      <Service />
    </ProviderArea>
  );
}

function Service() {
  const { t } = useTranslation('provider-services');
  const { serviceId = '' } = useParams();
  const acting = useActingProvider();
  const service = useProviderService(acting.providerId, serviceId);
  usePageTitle(service.data?.name ?? null);

  const back = (
    <Anchor component={Link} to={paths.providerServices.getHref()} fw={600}>
      <IconArrowLeft size={18} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 4 }} />
      {t('detail.back')}
    </Anchor>
  );
  if (service.isError && isMissing(service.error)) {
    return (
      <NotFoundState title={t('detail.notFoundTitle')} text={t('detail.notFoundText')}>
        {back}
      </NotFoundState>
    );
  }
  return (
    <Stack gap="lg">
      {back}
      {service.isError ? (
        <LoadError
          title={t('detail.errorTitle')}
          text={t('detail.errorText')}
          retryLabel={t('detail.retry')}
          retrying={service.isFetching}
          onRetry={() => void service.refetch()}
        />
      ) : service.data ? (
        <ServiceDetail service={service.data} />
      ) : (
        <LoadingState label={t('detail.loading')}>
          <Stack gap="md">
            <Skeleton height={40} width="60%" />
            <Skeleton height={28} width="30%" />
            <Skeleton height={44} width="50%" />
            <Skeleton height={360} />
          </Stack>
        </LoadingState>
      )}
    </Stack>
  );
}

function ServiceDetail({ service }: { service: ProviderService }) {
  const { t } = useTranslation('provider-services');
  const acting = useActingProvider();
  const manage = managesServices(acting);
  const refresh = useRefreshedAfter();
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') === 'surveys' ? 'surveys' : 'info';
  const selectTab = (value: string | null) => {
    const next = new URLSearchParams(search);
    if (value === 'surveys') next.set('tab', value);
    else next.delete('tab');
    setSearch(next, { replace: true, preventScrollReset: true });
  };

  return (
    <>
      <Stack gap={6}>
        <Group gap="sm" align="center">
          <Title order={1}>{service.name}</Title>
          <ServiceStatusBadge status={service.status} size="lg" />
        </Group>
        <Text c="dimmed">
          {[
            t('detail.facility', { name: service.facility.name }),
            service.registerNumber ? t('detail.registerNumber', { number: service.registerNumber }) : null,
            t(`lifecycle.${service.status}Note`),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      </Stack>
      <ServiceLifecycle providerId={acting.providerId} service={service} manage={manage} />
      {service.status !== 'active' && service.missingForActivation.length > 0 ? (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertCircle aria-hidden />}
          title={t('detail.missingTitle')}
        >
          <List>
            {service.missingForActivation.map((missing) => (
              <List.Item key={missing}>{t(`detail.missing.${missing}`)}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      <Tabs value={tab} onChange={selectTab} keepMounted={false}>
        <Tabs.List aria-label={t('detail.tabs.label')}>
          {tabs.map((value) => (
            <Tabs.Tab key={value} value={value} fz="md" fw={600}>
              {t(`detail.tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="info" pt="lg" maw={880}>
          {manage ? null : (
            <Text c="dimmed" mb="md">
              {t('form.readOnly')}
            </Text>
          )}
          <ServiceForm
            // Another service's page starts afresh; a new revision of this one is followed by the form.
            key={service.id}
            service={service}
            readOnly={!manage}
            submit={(body) =>
              updateProviderService(acting.providerId, service.id, body as ProviderServiceUpdate)
            }
            onSaved={async () => {
              await refresh();
              toast.success(t('form.saved'));
            }}
          />
        </Tabs.Panel>
        <Tabs.Panel value="surveys" pt="lg" maw={880}>
          <ServiceSurveysTab providerId={acting.providerId} serviceId={service.id} manage={manage} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
