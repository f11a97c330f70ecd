import { Anchor, Stack, Tabs, Text, Title } from '@mantine/core';
import { providerFacilityTabs } from '@opora/contracts';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isMissing, LoadError, LoadingState } from '@/components/ui/page-states.tsx';
import { paths } from '@/config/paths.ts';
import { ProviderArea, useActingProvider } from '@/shared-features/provider-area/provider-area.tsx';
import { FacilityPhotos } from '@/shared-features/provider-images/image-sections.tsx';
import { useProviderFacility, useProviderProfile } from '../api/provider-profile.ts';
import { useTabParam } from '../utils/use-tab-param.ts';
import { ContactsPanel } from './contacts-panel.tsx';
import { FacilityForm } from './facility-form.tsx';
import { TabsSkeleton } from './tabs-skeleton.tsx';

/** The Services tab, from the services feature (the app puts the two together). */
export type ServicesTab = ComponentType<{ facilityId: string }>;

/** `/provider/facilities/:facilityId` (SPEC §2): tabs Services, Facility information, Contacts. */
export function FacilityPage({ servicesTab }: { servicesTab: ServicesTab }) {
  return (
    <ProviderArea section="profile">
      <Facility servicesTab={servicesTab} />
    </ProviderArea>
  );
}

function Facility({ servicesTab: FacilityServicesTab }: { servicesTab: ServicesTab }) {
  const { t } = useTranslation(['provider-profile', 'common']);
  const { facilityId = '' } = useParams();
  const acting = useActingProvider();
  const detail = useProviderFacility(acting.providerId, facilityId);
  // The provider's address, shown for a facility "same as provider".
  const profile = useProviderProfile(acting.providerId);
  const [tab, selectTab] = useTabParam(providerFacilityTabs);

  const back = (
    <Anchor component={Link} to={paths.providerProfile.getHref({}, { tab: 'facilities' })}>
      <IconArrowLeft size={16} aria-hidden style={{ verticalAlign: 'middle' }} /> {t('facility.back')}
    </Anchor>
  );
  if (detail.isError && isMissing(detail.error)) {
    return (
      <Stack gap="md" align="flex-start">
        {back}
        <Title order={1}>{t('facility.missingTitle')}</Title>
        <Text>{t('facility.missingText')}</Text>
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      {back}
      <Title order={1}>{detail.data?.facility.name ?? t('common:routes.providerFacility.title')}</Title>
      {detail.isError || profile.isError ? (
        <LoadError
          title={t('load.title')}
          text={t('load.text')}
          retryLabel={t('load.retry')}
          retrying={detail.isFetching || profile.isFetching}
          onRetry={() => {
            void detail.refetch();
            void profile.refetch();
          }}
        />
      ) : !detail.data || !profile.data ? (
        <LoadingState label={t('load.loading')}>
          <TabsSkeleton />
        </LoadingState>
      ) : (
        <Tabs value={tab} onChange={selectTab} keepMounted={false}>
          <Tabs.List aria-label={t('facility.tabsLabel')}>
            {providerFacilityTabs.map((value) => (
              <Tabs.Tab key={value} value={value} fz="md" fw={600} px="md" py="sm">
                {t(`facility.tabs.${value}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="services" pt="lg">
            <FacilityServicesTab facilityId={facilityId} />
          </Tabs.Panel>
          <Tabs.Panel value="details" pt="lg">
            {/* Photos save on their own, at once: beside the form, not among its fields. */}
            <Stack gap="xl">
              <FacilityForm
                key={detail.data.facility.id}
                providerId={acting.providerId}
                providerAddress={profile.data.provider.address}
                facility={detail.data.facility}
                readOnly={!detail.data.access.editProvider}
              />
              <FacilityPhotos
                providerId={acting.providerId}
                facility={detail.data.facility}
                canManage={acting.roles.some(
                  (role) => role === 'providerAdmin' || role === 'providerCoordinator',
                )}
              />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="contacts" pt="lg">
            <ContactsPanel
              providerId={acting.providerId}
              facilityId={facilityId}
              contacts={detail.data.contacts}
              canEdit={detail.data.access.editFacilityContacts}
              inherited={detail.data.facility.sameAsProvider}
            />
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}
