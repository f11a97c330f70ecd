import { Anchor, Button, Group, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import {
  isOneOf,
  type ProviderCareRequest,
  type ProviderMembership,
  type ProviderRequestTab,
  providerRequestTabs,
} from '@opora/contracts';
import {
  IconAddressBook,
  IconArrowLeft,
  IconArrowsExchange,
  IconInbox,
  IconPrinter,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs, useLocation, useParams, useSearchParams } from 'react-router';
import { isMissing, LoadError, LoadingState, NotFoundState } from '@/components/ui/page-states.tsx';
import { paths } from '@/config/paths.ts';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { queryClient } from '@/lib/query-client.ts';
import { useServiceTypeName } from '@/lib/reference-data/use-service-type-name.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { prefetchProviderArea } from '@/shared-features/provider-area/prefetch.ts';
import { ProviderArea, useActingProvider } from '@/shared-features/provider-area/provider-area.tsx';
import { formatDateTime } from '@/shared-features/requests/dates.ts';
import { CareRequestStatusBadge } from '@/shared-features/requests/status-badge.tsx';
import { ServiceCapacityCard } from '@/shared-features/service-capacity/service-capacity-card.tsx';
import { SentSurveys } from '@/shared-features/surveys/sent-surveys.tsx';
import { providerRequestQueryOptions, useProviderRequest } from '../api/get-request.ts';
import { gridReturnHref } from '../utils/grid-search.ts';
import classes from './detail/detail.module.css';
import { PrintDialog } from './detail/print-dialog.tsx';
import { RequestAssignment } from './detail/request-assignment.tsx';
import { RequestDocuments } from './detail/request-documents.tsx';
import { RequestHistory } from './detail/request-history.tsx';
import { RequestNote } from './detail/request-note.tsx';
import {
  ClientCard,
  DetailCard,
  NeedCard,
  RequesterCard,
  RequestFacts,
  RequestSource,
} from './detail/request-overview.tsx';
import { StatusDialog } from './detail/status-dialog.tsx';

/**
 * The way back to the inbox from the not-found state (a link above the detail): to the grid as it was
 * left when the request was opened from it, else the plain grid (`gridReturnHref`).
 */
function InboxButton() {
  const { t } = useTranslation('provider-request');
  const { state } = useLocation();
  return (
    <Button component={Link} to={gridReturnHref(state)} leftSection={<IconInbox size={20} aria-hidden />}>
      {t('notFound.back')}
    </Button>
  );
}

/**
 * `/provider/requests/:id` (SPEC §3 request detail): a request in the acting provider's inbox with
 * tabs overview, surveys, documents and change history (`?tab=`), the internal note and the
 * assignment beside them, and the change-status and print dialogs. A request the API does not show
 * this person (another provider's, outside a worker's facilities, unknown) is not found.
 */
export function RequestPage() {
  return (
    <ProviderArea section="requests">
      <ProviderRequest />
    </ProviderArea>
  );
}

function ProviderRequest() {
  const { t } = useTranslation('provider-request');
  const acting = useActingProvider();
  const { id = '' } = useParams();
  const request = useProviderRequest(acting.providerId, id);
  // The code, not the client's name: titles end up in the browser's history.
  usePageTitle(request.data?.code ?? null);

  if (request.isError && isMissing(request.error)) {
    return (
      <NotFoundState title={t('notFound.title')} text={t('notFound.text')}>
        <InboxButton />
      </NotFoundState>
    );
  }
  if (request.isError) {
    return (
      <LoadError
        title={t('error.title')}
        text={t('error.text')}
        retryLabel={t('error.retry')}
        retrying={request.isFetching}
        onRetry={() => void request.refetch()}
      />
    );
  }
  if (!request.data) {
    return (
      <LoadingState label={t('loading')}>
        <Stack gap="md">
          <Skeleton height={18} width="20%" />
          <Skeleton height={40} width="50%" />
          <Skeleton height={18} width="35%" />
          <Skeleton height={320} />
        </Stack>
      </LoadingState>
    );
  }
  return <Detail acting={acting} request={request.data} />;
}

function Detail({ acting, request }: { acting: ProviderMembership; request: ProviderCareRequest }) {
  const { t } = useTranslation(['provider-request', 'catalogue', 'provider']);
  const serviceTypeName = useServiceTypeName();
  const { locale } = useLocale();
  const [search, setSearch] = useSearchParams();
  const location = useLocation();
  const inboxHref = gridReturnHref(location.state);
  const requested = search.get('tab');
  const tab: ProviderRequestTab = isOneOf(providerRequestTabs, requested) ? requested : 'overview';
  const [statusOpened, setStatusOpened] = useState(false);
  const [printOpened, setPrintOpened] = useState(false);
  const closed = request.allowedStatuses.length === 0;

  const selectTab = (value: string | null) => {
    if (!isOneOf(providerRequestTabs, value)) return;
    const next = new URLSearchParams(search);
    if (value === 'overview') next.delete('tab');
    else next.set('tab', value);
    // The state kept: it names the grid to go back to.
    setSearch(next, { replace: true, preventScrollReset: true, state: location.state });
  };

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={inboxHref} fw={600} underline="hover" className={classes.back}>
        <IconArrowLeft size={18} aria-hidden />
        {t('back')}
      </Anchor>

      <div className={classes.headerRow}>
        <Stack gap={6} className={classes.headerText}>
          <Text fw={600} c="opora.8">
            {t('header.eyebrow', { code: request.code })} ·{' '}
            {serviceTypeName(request.service.serviceType.code)}
          </Text>
          <Group gap="sm" align="center">
            <Title order={1} className={classes.title}>
              {request.client.fullName}
            </Title>
            <CareRequestStatusBadge status={request.status} size="lg" />
          </Group>
          <Text size="lg">
            {request.service.name} · {request.service.facility.name}
          </Text>
          <Text size="sm" c="dimmed">
            {request.source === 'opora' && !request.sentByAssistant ? null : (
              <>
                <RequestSource
                  source={request.source}
                  by={request.requester.fullName}
                  sentByAssistant={request.sentByAssistant}
                />{' '}
                ·{' '}
              </>
            )}
            {t('header.sent', { date: formatDateTime(request.createdDate, locale) })} ·{' '}
            {t('header.edited', { date: formatDateTime(request.editedDate, locale) })}
          </Text>
        </Stack>
        <Group gap="sm" role="group" aria-label={t('header.actions')} className={classes.actions}>
          {closed ? null : (
            <Button
              leftSection={<IconArrowsExchange size={18} aria-hidden />}
              onClick={() => setStatusOpened(true)}
            >
              {t('status.open')}
            </Button>
          )}
          <Button
            variant="default"
            leftSection={<IconPrinter size={18} aria-hidden />}
            onClick={() => setPrintOpened(true)}
          >
            {t('print.open')}
          </Button>
          <Button
            component={Link}
            to={paths.providerClient.getHref({ clientId: request.client.id })}
            variant="default"
            leftSection={<IconAddressBook size={18} aria-hidden />}
          >
            {t('provider:clientCard')}
          </Button>
        </Group>
      </div>
      {closed ? (
        <Text size="sm" c="dimmed">
          {t('status.closed')}
        </Text>
      ) : null}

      <div className={classes.layout}>
        <Tabs value={tab} onChange={selectTab} keepMounted={false} className={classes.main}>
          <Tabs.List aria-label={t('tabs.label')}>
            {providerRequestTabs.map((value) => (
              <Tabs.Tab key={value} value={value} fz="md" fw={600} px="md" py="sm">
                {t(`tabs.${value}`)}
                {value === 'surveys' && request.surveys.length > 0 ? ` (${request.surveys.length})` : ''}
                {value === 'documents' && request.documents.length > 0
                  ? ` (${request.documents.length})`
                  : ''}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="overview" className={classes.tabPanel}>
            <Stack gap="lg">
              <RequestFacts request={request} headingId="facts-title" />
              <NeedCard request={request} headingId="need-title" onShowSurveys={() => selectTab('surveys')} />
              <ClientCard client={request.client} headingId="client-title" />
              <RequesterCard request={request} headingId="requester-title" />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="surveys" className={classes.tabPanel}>
            <SentSurveys surveys={request.surveys} caseSurveys={request.case.surveys} />
          </Tabs.Panel>
          <Tabs.Panel value="documents" className={classes.tabPanel}>
            <DetailCard id="documents-title" title={t('documents.title')}>
              <RequestDocuments
                providerId={acting.providerId}
                careRequestId={request.id}
                documents={request.documents}
              />
            </DetailCard>
          </Tabs.Panel>
          <Tabs.Panel value="history" className={classes.tabPanel}>
            <DetailCard id="history-title" title={t('history.title')}>
              <RequestHistory events={request.events} />
            </DetailCard>
          </Tabs.Panel>
        </Tabs>

        <Stack gap="lg" className={classes.aside}>
          <RequestNote providerId={acting.providerId} request={request} />
          <RequestAssignment acting={acting} request={request} />
          <ServiceCapacityCard providerId={acting.providerId} serviceId={request.service.id} />
        </Stack>
      </div>

      <StatusDialog
        opened={statusOpened}
        onClose={() => setStatusOpened(false)}
        providerId={acting.providerId}
        request={request}
      />
      <PrintDialog opened={printOpened} onClose={() => setPrintOpened(false)} careRequestId={request.id} />
    </Stack>
  );
}

/** The route's loader calls it (app/router.tsx): the area's reads and the request start together. */
export function prefetch(args: LoaderFunctionArgs): void {
  const { id } = args.params;
  prefetchProviderArea(args, (providerId) => {
    if (id) void queryClient.prefetchQuery(providerRequestQueryOptions(providerId, id));
  });
}
