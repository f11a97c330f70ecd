import { Anchor, Stack, Text, Title } from '@mantine/core';
import { type ProviderServiceInput, paths } from '@opora/contracts';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/components/overlays/toast.tsx';
import { ProviderArea, useActingProvider } from '@/shared-features/provider-area/provider-area.tsx';
import { createProviderService, useRefreshedAfter } from '../api/provider-services.ts';
import { managesServices } from './manages-services.ts';
import { ServiceForm } from './service-form.tsx';

/** `/provider/services/new?facilityId=` (issue 23 §3): a new service, saved as a draft. */
export function NewServicePage() {
  return (
    <ProviderArea section="services">
      <NewService />
    </ProviderArea>
  );
}

function NewService() {
  const { t } = useTranslation(['provider-services', 'common']);
  const acting = useActingProvider();
  const navigate = useNavigate();
  const refresh = useRefreshedAfter();
  const [search] = useSearchParams();
  return (
    <Stack gap="lg" maw={880}>
      <Anchor component={Link} to={paths.providerServices.getHref()} fw={600}>
        <IconArrowLeft size={18} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 4 }} />
        {t('detail.back')}
      </Anchor>
      <Title order={1}>{t('common:routes.providerServiceNew.title')}</Title>
      {managesServices(acting) ? (
        <ServiceForm
          service={null}
          facilityId={search.get('facilityId') ?? ''}
          readOnly={false}
          submit={(body) => createProviderService(acting.providerId, body as ProviderServiceInput)}
          onSaved={async (service) => {
            await refresh();
            toast.success(t('form.created'));
            await navigate(paths.providerService.getHref({ serviceId: service.id }));
          }}
        />
      ) : (
        <Text size="lg">{t('form.readOnly')}</Text>
      )}
    </Stack>
  );
}
