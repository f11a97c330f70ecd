import { Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { type DashboardClientTab, dashboardClientTabs, formatDisplayDate, isOneOf } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { IconArrowLeft, IconClipboardHeart, IconPencil } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs, useParams, useSearchParams } from 'react-router';
import { AsyncButton, mutationOutcome } from '@/components/ui/async-button.tsx';
import {
  DashboardButton,
  isMissing,
  LoadError,
  LoadingState,
  NotFoundState,
} from '@/components/ui/page-states.tsx';
import { paths } from '@/config/paths.ts';
import { useOperationQuery } from '@/lib/operations.ts';
import { queryClient } from '@/lib/query-client.ts';
import { loadSessionUser } from '@/lib/session.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { clientQueryOptions } from '../api/get-client.ts';
import { serviceOfferQueryOptions } from '../api/get-client-service-offer.ts';
import { offerQuery } from '../utils/offer-search.ts';
import { ageOn } from '../utils/person.ts';
import { AssistantWork } from './assistant-work.tsx';
import { ClientDetails } from './client-details.tsx';
import classes from './clients.module.css';
import { MyServices } from './my-services.tsx';
import { ServiceOffer } from './service-offer.tsx';
import { useNewClientCase } from './use-start-case.ts';

// The form (and the schemas it checks with) is downloaded only when someone edits.
const EditClient = lazy(() => import('./edit-client.tsx').then((m) => ({ default: m.EditClient })));

// The route's loader calls it as soon as this module is there (app/router.tsx).
export function prefetch({ params, request }: LoaderFunctionArgs): void {
  const clientId = params.id;
  if (!clientId) return;
  const search = new URL(request.url).searchParams;
  void queryClient.prefetchQuery(clientQueryOptions(clientId));
  const tab = search.get('tab');
  if (isOneOf(dashboardClientTabs, tab) && tab !== 'service-offer') return;
  // The pool needs a live subscription (without one the tab offers the plans instead). The router
  // calls this beside the session's loading, so the user may still be on its way.
  void loadSessionUser().then(
    (user) => {
      if (user?.subscription != null) {
        void queryClient.prefetchQuery(serviceOfferQueryOptions(clientId, offerQuery(search)));
      }
    },
    () => {},
  );
}

/**
 * `/dashboard/client/:id` (SPEC §2): a client's services pool, requests and details, as `?tab=`; above
 * them, what Opora's assistants do on the cases handed over to them.
 */
export function ClientPage() {
  const { t } = useTranslation(['clients', 'enums']);
  const { id: clientId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const client = useOperationQuery(operations.getClient, { params: { clientId } });
  const newCase = useNewClientCase(clientId);
  const [editing, setEditing] = useState(false);
  usePageTitle(client.data?.fullName ?? null);

  const requested = search.get('tab');
  const tab: DashboardClientTab = isOneOf(dashboardClientTabs, requested) ? requested : 'service-offer';
  const selectTab = (value: string | null) => {
    if (!isOneOf(dashboardClientTabs, value)) return;
    setEditing(false);
    // Another tab starts without the other tabs' filters and page.
    setSearch(value === 'service-offer' ? {} : { tab: value }, { replace: true, preventScrollReset: true });
  };

  if (client.isError && isMissing(client.error)) {
    return (
      <NotFoundState title={t('client.notFound.title')} text={t('client.notFound.text')}>
        <DashboardButton>{t('client.backToDashboard')}</DashboardButton>
      </NotFoundState>
    );
  }

  const data = client.data;
  const age = data?.dateOfBirth ? ageOn(data.dateOfBirth) : null;
  const facts = data
    ? [
        data.dateOfBirth
          ? age !== null
            ? t('card.ageAndBirth', { count: age, date: formatDisplayDate(data.dateOfBirth) })
            : formatDisplayDate(data.dateOfBirth)
          : null,
        data.residence?.region.name ?? null,
        data.isClient
          ? t('card.self')
          : data.relationshipType
            ? t('card.relationship', {
                relationship: t(`enums:relationshipType.${data.relationshipType.code}`),
              })
            : null,
      ].filter(Boolean)
    : [];

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={paths.dashboard.getHref()} fw={600} underline="hover">
        <IconArrowLeft size={18} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 4 }} />
        {t('client.backToDashboard')}
      </Anchor>

      {client.isError ? (
        <LoadError
          title={t('client.error.title')}
          text={t('client.error.text')}
          retryLabel={t('client.error.retry')}
          retrying={client.isFetching}
          onRetry={() => void client.refetch()}
        />
      ) : null}

      <div className={classes.pageHeader}>
        <Stack gap={6} className={classes.headerText}>
          {data ? (
            <Group gap="sm" align="center">
              <Title order={1} className={classes.title}>
                {data.fullName}
              </Title>
              <Badge variant="light" color="opora" size="lg" tt="none" c="opora.9">
                {t('card.role')}
              </Badge>
            </Group>
          ) : (
            <LoadingState label={t('client.loading')}>
              <Skeleton height={40} width="50%" />
            </LoadingState>
          )}
          {facts.length > 0 ? (
            <Text size="lg">{facts.join(' · ')}</Text>
          ) : data || client.isError ? null : (
            // The facts' line, held while the client loads, so the tabs below do not move when it comes.
            <Skeleton height={29} width="70%" aria-hidden />
          )}
        </Stack>
        <AsyncButton
          variant="default"
          busy={newCase.isPending || newCase.isSuccess}
          outcome={mutationOutcome(newCase)}
          leftSection={<IconClipboardHeart size={20} aria-hidden />}
          onClick={() => newCase.mutate()}
        >
          {t('client.newCase')}
        </AsyncButton>
      </div>

      <AssistantWork clientId={clientId} />

      <Tabs value={tab} onChange={selectTab} keepMounted={false}>
        <Tabs.List aria-label={t('client.tabs.label')} className={classes.tabList}>
          {dashboardClientTabs.map((value) => (
            <Tabs.Tab key={value} value={value} fz="md" fw={600} px="md" py="sm" className={classes.tab}>
              {t(`client.tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="service-offer" className={classes.tabPanel}>
          <ServiceOffer clientId={clientId} wizard="newCase" requestable />
        </Tabs.Panel>
        <Tabs.Panel value="my-services" className={classes.tabPanel}>
          <MyServices onShowOffer={() => selectTab('service-offer')} />
        </Tabs.Panel>
        <Tabs.Panel value="details" className={classes.tabPanel}>
          {!data ? (
            <Skeleton height={240} />
          ) : editing ? (
            <Suspense fallback={<Skeleton height={480} />}>
              <Stack gap="md">
                <Title order={2} fz="h3">
                  {t('details.editTitle')}
                </Title>
                <EditClient client={data} onDone={() => setEditing(false)} />
              </Stack>
            </Suspense>
          ) : (
            <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
              <Stack gap="md">
                <Group justify="space-between" align="center">
                  <Title order={2} fz="h3">
                    {t('details.title')}
                  </Title>
                  <Button
                    variant="light"
                    leftSection={<IconPencil size={20} aria-hidden />}
                    onClick={() => setEditing(true)}
                  >
                    {t('details.edit')}
                  </Button>
                </Group>
                <ClientDetails client={data} />
              </Stack>
            </Paper>
          )}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
