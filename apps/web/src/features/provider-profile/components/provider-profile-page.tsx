import { Stack, Tabs, Title } from '@mantine/core';
import { providerProfileTabs } from '@opora/contracts';
import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { LoadError, LoadingState } from '@/components/ui/page-states.tsx';
import { prefetchProviderArea } from '@/shared-features/provider-area/prefetch.ts';
import { ProviderArea, useActingProvider } from '@/shared-features/provider-area/provider-area.tsx';
import { ProviderLogo } from '@/shared-features/provider-images/image-sections.tsx';
import { useProviderProfile } from '../api/provider-profile.ts';
import { useTabParam } from '../utils/use-tab-param.ts';
import { ContactsPanel } from './contacts-panel.tsx';
import { FacilitiesTab } from './facilities-tab.tsx';
import { ProviderDetailsForm } from './provider-details-form.tsx';
import { TabsSkeleton } from './tabs-skeleton.tsx';
import { VerificationDocumentsPanel } from './verification-documents-panel.tsx';

/** `/provider/profile` (SPEC §2): tabs Provider information, Facilities, Contacts, Documents for verification. */
export function ProviderProfilePage() {
  return (
    <ProviderArea section="profile">
      <ProviderProfile />
    </ProviderArea>
  );
}

function ProviderProfile() {
  const { t } = useTranslation(['provider-profile', 'common']);
  const acting = useActingProvider();
  const profile = useProviderProfile(acting.providerId);
  const [tab, selectTab] = useTabParam(providerProfileTabs);

  return (
    <Stack gap="lg">
      <Title order={1}>{t('common:routes.providerProfile.title')}</Title>
      {profile.isError ? (
        <LoadError
          title={t('load.title')}
          text={t('load.text')}
          retryLabel={t('load.retry')}
          retrying={profile.isFetching}
          onRetry={() => void profile.refetch()}
        />
      ) : !profile.data ? (
        <LoadingState label={t('load.loading')}>
          <TabsSkeleton />
        </LoadingState>
      ) : (
        <Tabs value={tab} onChange={selectTab} keepMounted={false}>
          <Tabs.List aria-label={t('tabs.label')}>
            {providerProfileTabs.map((value) => (
              <Tabs.Tab key={value} value={value} fz="md" fw={600} px="md" py="sm">
                {t(`tabs.${value}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="details" pt="lg">
            {/* The logo saves on its own, at once: beside the form, not one of its fields. */}
            <Stack gap="xl">
              <ProviderLogo
                providerId={profile.data.provider.id}
                providerName={profile.data.provider.name}
                canManage={profile.data.access.editProvider}
              />
              <ProviderDetailsForm key={profile.data.provider.id} profile={profile.data} />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="facilities" pt="lg">
            <FacilitiesTab profile={profile.data} />
          </Tabs.Panel>
          <Tabs.Panel value="contacts" pt="lg">
            <ContactsPanel
              providerId={profile.data.provider.id}
              facilityId={null}
              contacts={profile.data.contacts}
              canEdit={profile.data.access.editProvider}
            />
          </Tabs.Panel>
          <Tabs.Panel value="documents" pt="lg">
            <VerificationDocumentsPanel providerId={profile.data.provider.id} />
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}

/**
 * The route's loader calls it (app/router.tsx): the area's reads start together. The page's own read
 * is not among them: it is read afresh as the page shows (`staleTime: 0`), a prefetch would be read twice.
 */
export function prefetch(args: LoaderFunctionArgs): void {
  prefetchProviderArea(args);
}
