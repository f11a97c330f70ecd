import { Anchor, Group, Paper, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import {
  type CareRequest,
  type CareRequestEvent,
  type CareRequestTab,
  careRequestTabs,
  formatDisplayDate,
  isOneOf,
} from '@opora/contracts';
import { IconArrowLeft, IconExternalLink, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs, useParams, useSearchParams } from 'react-router';
import { confirm } from '@/components/overlays/confirm.tsx';
import { toast } from '@/components/overlays/toast.tsx';
import { AsyncButton } from '@/components/ui/async-button.tsx';
import { Field, FieldList } from '@/components/ui/field-list.tsx';
import {
  DashboardButton,
  isMissing,
  LoadError,
  LoadingState,
  NotFoundState,
} from '@/components/ui/page-states.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { apiErrorMessageKeys } from '@/lib/api-error-message.ts';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { queryClient } from '@/lib/query-client.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { formatDateTime, formatInstantDate } from '@/shared-features/requests/dates.ts';
import { CareRequestStatusBadge } from '@/shared-features/requests/status-badge.tsx';
import { SentSurveys } from '@/shared-features/surveys/sent-surveys.tsx';
import { careRequestQueryOptions, useCareRequest } from '../api/get-care-request.ts';
import { useWithdrawCareRequest } from '../api/withdraw-care-request.ts';
import { DocumentsPanel } from './documents-panel.tsx';
import {
  CaseSurveyStates,
  ClientSummary,
  ProviderContacts,
  SentByAssistantNote,
  useServiceKind,
} from './request-parts.tsx';
import classes from './requests.module.css';

// The route's loader calls it as soon as this module is there (app/router.tsx).
export function prefetch({ params }: LoaderFunctionArgs): void {
  if (params.id) void queryClient.prefetchQuery(careRequestQueryOptions(params.id));
}

/** `/dashboard/request/:id` (SPEC §2): one request with tabs overview, surveys and documents (`?tab=`). */
export function RequestPage() {
  const { t } = useTranslation('requests');
  const { id = '' } = useParams();
  const request = useCareRequest(id);
  usePageTitle(request.data?.service.name ?? null);

  if (request.isError && isMissing(request.error)) {
    return (
      <NotFoundState title={t('detail.notFound.title')} text={t('detail.notFound.text')}>
        <DashboardButton>{t('confirmation.dashboard')}</DashboardButton>
      </NotFoundState>
    );
  }
  if (request.isError) {
    return (
      <LoadError
        title={t('detail.error.title')}
        text={t('detail.error.text')}
        retryLabel={t('detail.error.retry')}
        retrying={request.isFetching}
        onRetry={() => void request.refetch()}
      />
    );
  }
  if (!request.data) {
    return (
      <LoadingState label={t('detail.loading')}>
        <Stack gap="md">
          <Skeleton height={18} width="20%" />
          <Skeleton height={40} width="60%" />
          <Skeleton height={240} />
        </Stack>
      </LoadingState>
    );
  }
  return <Detail request={request.data} />;
}

function Detail({ request }: { request: CareRequest }) {
  const { t } = useTranslation(['requests', 'catalogue', 'errors']);
  const [search, setSearch] = useSearchParams();
  const requested = search.get('tab');
  const tab: CareRequestTab = isOneOf(careRequestTabs, requested) ? requested : 'overview';
  const withdraw = useWithdrawCareRequest(request.id);
  const kind = useServiceKind(request.service);

  const selectTab = (value: string | null) => {
    if (!isOneOf(careRequestTabs, value)) return;
    setSearch(value === 'overview' ? {} : { tab: value }, { replace: true, preventScrollReset: true });
  };

  const askToWithdraw = async () => {
    const confirmed = await confirm({
      title: t('detail.withdraw.title'),
      message: t('detail.withdraw.message', { provider: request.service.provider.name }),
      confirmLabel: t('detail.withdraw.confirm'),
      danger: true,
    });
    if (!confirmed) return;
    try {
      await withdraw.mutateAsync();
      toast.success(t('detail.withdraw.done'));
    } catch (error) {
      toast.error(error instanceof ApiError ? t(apiErrorMessageKeys(error)) : t('errors:unknown'));
    }
  };

  return (
    <Stack gap="lg">
      <Anchor
        component={Link}
        to={paths.dashboardClient.getHref({ id: request.client.id }, { tab: 'my-services' })}
        fw={600}
        underline="hover"
      >
        <IconArrowLeft size={18} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 4 }} />
        {t('detail.back')}
      </Anchor>

      <div className={classes.headerRow}>
        <Stack gap={6}>
          <Text fw={600} c="opora.8">
            {t('detail.eyebrow', { code: request.code })} · {kind}
          </Text>
          <Group gap="sm" align="center">
            <Title order={1} className={classes.title}>
              {request.service.name}
            </Title>
            <CareRequestStatusBadge status={request.status} size="lg" />
          </Group>
          <Text size="lg">{request.service.provider.name}</Text>
          <SentByAssistantNote request={request} />
        </Stack>
        {request.canWithdraw ? (
          <AsyncButton
            variant="default"
            color="red"
            leftSection={<IconX size={18} aria-hidden />}
            busy={withdraw.isPending}
            onClick={() => void askToWithdraw()}
          >
            {t('detail.withdraw.button')}
          </AsyncButton>
        ) : null}
      </div>

      <Tabs value={tab} onChange={selectTab} keepMounted={false}>
        <Tabs.List aria-label={t('detail.tabs.label')}>
          {careRequestTabs.map((value) => (
            <Tabs.Tab key={value} value={value} fz="md" fw={600} px="md" py="sm">
              {t(`detail.tabs.${value}`)}
              {value === 'surveys' && request.surveys.length > 0 ? ` (${request.surveys.length})` : ''}
              {value === 'documents' && request.documents.length > 0 ? ` (${request.documents.length})` : ''}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="overview" className={classes.tabPanel}>
          <Overview request={request} />
        </Tabs.Panel>
        <Tabs.Panel value="surveys" className={classes.tabPanel}>
          <SentSurveys surveys={request.surveys} caseSurveys={request.case.surveys} />
        </Tabs.Panel>
        <Tabs.Panel value="documents" className={classes.tabPanel}>
          <DocumentsTab request={request} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** What an entry of the history says happened. */
function EventText({ event }: { event: CareRequestEvent }) {
  const { t } = useTranslation(['requests', 'enums']);
  if (event.kind === 'created') return t('detail.history.created');
  if (event.kind === 'status-changed' && event.status) {
    return t('detail.history.statusChanged', { status: t(`enums:careRequestStatus.${event.status}`) });
  }
  if (event.kind === 'document-added' && event.documentName !== null) {
    return t('detail.history.documentAdded', { name: event.documentName });
  }
  if (event.kind === 'document-removed' && event.documentName !== null) {
    return t('detail.history.documentRemoved', { name: event.documentName });
  }
  return t('detail.history.other');
}

function Overview({ request }: { request: CareRequest }) {
  const { t } = useTranslation(['requests', 'enums']);
  const { locale } = useLocale();
  return (
    <div className={classes.layout}>
      <Paper
        withBorder
        radius="md"
        p={{ base: 'md', sm: 'xl' }}
        component="section"
        aria-labelledby="state-title"
      >
        <Stack gap="md">
          <Title order={2} size="h3" id="state-title">
            {t('detail.state.title')}
          </Title>
          <FieldList>
            <Field label={t('detail.state.current')}>
              <CareRequestStatusBadge status={request.status} />
            </Field>
            <Field label={t('detail.state.reference')}>{request.code}</Field>
            <Field label={t('detail.state.sent')}>{formatDateTime(request.createdDate, locale)}</Field>
            <Field label={t('detail.state.changed')}>{formatDateTime(request.editedDate, locale)}</Field>
            {request.status === 'new' ? (
              <Field label={t('detail.state.answerBy')}>{formatDisplayDate(request.answerExpectedBy)}</Field>
            ) : null}
          </FieldList>
          <Title order={3} size="h4">
            {t('detail.history.title')}
          </Title>
          <ol className={classes.timeline}>
            {request.events.map((event) => (
              <li key={event.id}>
                <Text fw={600}>
                  <EventText event={event} />
                </Text>
                <Text size="sm" c="dimmed">
                  {formatDateTime(event.eventDate, locale)} ·{' '}
                  {t('detail.history.by', { name: event.createdBy })}
                </Text>
              </li>
            ))}
          </ol>
        </Stack>
      </Paper>

      <Paper
        withBorder
        radius="md"
        p={{ base: 'md', sm: 'lg' }}
        className={classes.aside}
        component="section"
        aria-labelledby="provider-title"
      >
        <Stack gap="sm">
          <Title order={2} size="h3" id="provider-title">
            {t('detail.provider.title')}
          </Title>
          <ProviderContacts service={request.service} />
          <Anchor
            component={Link}
            to={paths.dashboardService.getHref({ serviceId: request.service.id, caseId: request.case.id })}
          >
            <IconExternalLink
              size={16}
              aria-hidden
              style={{ verticalAlign: 'text-bottom', marginRight: 4 }}
            />
            {t('detail.provider.openService')}
          </Anchor>
        </Stack>
      </Paper>

      <Paper
        withBorder
        radius="md"
        p={{ base: 'md', sm: 'xl' }}
        component="section"
        aria-labelledby="sent-title"
      >
        <Stack gap="md">
          <Title order={2} size="h3" id="sent-title">
            {t('detail.sent.title')}
          </Title>
          <FieldList>
            <Field label={t('detail.sent.message')}>
              {request.message ? (
                <span className={classes.message}>{request.message}</span>
              ) : (
                <Text span c="dimmed">
                  {t('detail.sent.noMessage')}
                </Text>
              )}
            </Field>
            <Field label={t('review.shared.case')}>{request.case.name}</Field>
            <Field label={t('review.shared.caseSurveys')}>
              <CaseSurveyStates careCase={request.case} />
            </Field>
            <Field label={t('review.shared.requester')}>
              {[request.requester.fullName, request.requester.email].filter(Boolean).join(' · ')}
            </Field>
            {request.providerConsentGrantedAt ? (
              <Field label={t('detail.sent.consent')}>
                {t('detail.sent.consentGiven', { date: formatInstantDate(request.providerConsentGrantedAt) })}
              </Field>
            ) : null}
          </FieldList>
          <Title order={3} size="h4">
            {t('review.shared.client')}
          </Title>
          <ClientSummary client={request.client} />
        </Stack>
      </Paper>
    </div>
  );
}

function DocumentsTab({ request }: { request: CareRequest }) {
  const { t } = useTranslation('requests');
  // The history records each addition and removal: the request is read again after either.
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: careRequestQueryOptions(request.id).queryKey });
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'xl' }}
      component="section"
      aria-labelledby="documents-title"
    >
      <Stack gap="md">
        <Title order={2} size="h3" id="documents-title">
          {t('detail.documents.title')}
        </Title>
        <Text>
          {request.canWithdraw
            ? t('detail.documents.intro', { provider: request.service.provider.name })
            : t('detail.documents.closed')}
        </Text>
        <DocumentsPanel
          owner={{ careRequestId: request.id }}
          documents={request.documents}
          canUpload={request.canWithdraw}
          removalNotice={{ provider: request.service.provider.name }}
          headingId="documents-title"
          onUploaded={refresh}
          onRemoved={refresh}
        />
      </Stack>
    </Paper>
  );
}
