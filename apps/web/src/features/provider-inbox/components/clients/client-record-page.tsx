import { Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  type ProviderClientRecord,
  type ProviderClientRequest,
  type ProviderEntryRequest,
  ProviderEntryRequestSchema,
  type ProviderMembership,
} from '@opora/contracts';
import { IconArrowLeft, IconChevronRight, IconDeviceFloppy, IconInbox, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs, useLocation, useParams } from 'react-router';
import { DetailDialog } from '@/components/overlays/detail-dialog.tsx';
import { toast } from '@/components/overlays/toast.tsx';
import { AsyncButton } from '@/components/ui/async-button.tsx';
import { Field, FieldList } from '@/components/ui/field-list.tsx';
import { isMissing, LoadError, LoadingState, NotFoundState } from '@/components/ui/page-states.tsx';
import { paths } from '@/config/paths.ts';
import { useContractForm } from '@/lib/forms/use-contract-form.ts';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { queryClient } from '@/lib/query-client.ts';
import { prefetchProviderArea } from '@/shared-features/provider-area/prefetch.ts';
import { ProviderArea, useActingProvider } from '@/shared-features/provider-area/provider-area.tsx';
import { formatDateTime } from '@/shared-features/requests/dates.ts';
import { CareRequestStatusBadge } from '@/shared-features/requests/status-badge.tsx';
import {
  createProviderClientRequest,
  providerClientQueryOptions,
  useProviderClient,
  useRefreshAfterEntry,
} from '../../api/provider-clients.ts';
import { gridReturnHref } from '../../utils/grid-search.ts';
import classes from '../detail/detail.module.css';
import { ClientCard, DetailCard, RequestSource } from '../detail/request-overview.tsx';
import {
  EntryRequestFields,
  type EntryRequestValues,
  emptyEntryRequest,
  entryRequestFields,
  toEntryRequestInput,
} from './entry-request-fields.tsx';

/**
 * `/provider/clients/:clientId` (issue 24 §2): the record of care — a client of the provider as its
 * requests show them, the consent an own client gave, and their requests here in time order, each
 * leading to its detail. A client the provider entered itself gets new requests from here. A client
 * the API does not show this person (another provider's, none of their requests in a worker's
 * facilities, unknown) is not found.
 */
export function ClientRecordPage() {
  return (
    <ProviderArea section="requests">
      <ClientRecordView />
    </ProviderArea>
  );
}

function InboxButton() {
  const { t } = useTranslation('provider-clients');
  const { state } = useLocation();
  return (
    <Button component={Link} to={gridReturnHref(state)} leftSection={<IconInbox size={20} aria-hidden />}>
      {t('record.notFound.back')}
    </Button>
  );
}

function ClientRecordView() {
  const { t } = useTranslation('provider-clients');
  const acting = useActingProvider();
  const { clientId = '' } = useParams();
  const record = useProviderClient(acting.providerId, clientId);

  if (record.isError && isMissing(record.error)) {
    return (
      <NotFoundState title={t('record.notFound.title')} text={t('record.notFound.text')}>
        <InboxButton />
      </NotFoundState>
    );
  }
  if (record.isError) {
    return (
      <LoadError
        title={t('record.error.title')}
        text={t('record.error.text')}
        retryLabel={t('record.error.retry')}
        retrying={record.isFetching}
        onRetry={() => void record.refetch()}
      />
    );
  }
  if (!record.data) {
    return (
      <LoadingState label={t('record.loading')}>
        <Stack gap="md">
          <Skeleton height={18} width="20%" />
          <Skeleton height={40} width="50%" />
          <Skeleton height={320} />
        </Stack>
      </LoadingState>
    );
  }
  return <ClientRecord acting={acting} record={record.data} />;
}

function ClientRecord({ acting, record }: { acting: ProviderMembership; record: ProviderClientRecord }) {
  const { t } = useTranslation(['provider-clients', 'common']);
  const { locale } = useLocale();
  const location = useLocation();
  const [adding, setAdding] = useState(false);
  const { client, consent, requests } = record;
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={gridReturnHref(location.state)} fw={600} className={classes.back}>
        <IconArrowLeft size={18} aria-hidden />
        {t('back')}
      </Anchor>

      <div className={classes.headerRow}>
        <Stack gap={6} className={classes.headerText}>
          <Text fw={600} c="opora.8">
            {t('common:routes.providerClient.title')}
          </Text>
          <Group gap="sm" align="center">
            <Title order={1} className={classes.title}>
              {client.fullName}
            </Title>
            <Badge variant="light" color="gray" c="gray.9" size="lg" tt="none" radius="sm">
              {record.own ? t('record.own') : t('record.throughOpora')}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {t('record.requestsCount', { count: requests.length })}
          </Text>
        </Stack>
        {record.own ? (
          <Group gap="sm" className={classes.actions}>
            <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setAdding(true)}>
              {t('record.newRequest.open')}
            </Button>
          </Group>
        ) : null}
      </div>

      {/* The client first, then what they asked for here in time order; one column (the client's
          details need the width, as the request detail's overview has it). */}
      <Stack gap="lg" maw={960}>
        <ClientCard client={client} headingId="record-client" title={t('record.client')} />
        {record.own ? (
          <DetailCard id="record-consent" title={t('record.consent.title')}>
            <Text>
              {consent
                ? t('record.consent.given', {
                    date: formatDateTime(consent.grantedAt, locale),
                    name: consent.recordedBy,
                  })
                : t('record.consent.missing')}
            </Text>
          </DetailCard>
        ) : null}
        <DetailCard id="record-requests" title={t('record.requests.title')}>
          {requests.length === 0 ? (
            <Text c="dimmed">{t('record.requests.none')}</Text>
          ) : (
            <ol className={classes.recordList}>
              {requests.map((request) => (
                <li key={request.id}>
                  <RecordRequest request={request} />
                </li>
              ))}
            </ol>
          )}
        </DetailCard>
      </Stack>

      <DetailDialog
        opened={adding}
        onClose={() => setAdding(false)}
        title={t('record.newRequest.title')}
        size="lg"
      >
        {adding ? (
          <NewRequestForm acting={acting} clientId={client.id} onDone={() => setAdding(false)} />
        ) : null}
      </DetailDialog>
    </Stack>
  );
}

/** One request of the record: what, where, how it came and how it stands, leading to its detail. */
function RecordRequest({ request }: { request: ProviderClientRequest }) {
  const { t } = useTranslation(['provider-clients', 'enums']);
  const { locale } = useLocale();
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Group justify="space-between" gap="sm" wrap="wrap" align="flex-start">
          <Stack gap={2} className={classes.headerText}>
            <Group gap="xs" align="center">
              <Anchor component={Link} to={paths.providerRequest.getHref({ id: request.id })} fw={700}>
                {request.code}
              </Anchor>
              <CareRequestStatusBadge status={request.status} />
            </Group>
            <Text fw={600}>{request.service.name}</Text>
            <Text size="sm" c="dimmed">
              {request.facility.name}
            </Text>
          </Stack>
          <Button
            component={Link}
            to={paths.providerRequest.getHref({ id: request.id })}
            variant="light"
            size="sm"
            rightSection={<IconChevronRight size={16} aria-hidden />}
            aria-label={t('record.requests.openLabel', { code: request.code, service: request.service.name })}
          >
            {t('record.requests.open')}
          </Button>
        </Group>
        <FieldList>
          <Field label={t('record.requests.source')}>
            <RequestSource source={request.source} by={request.createdBy} />
          </Field>
          <Field label={t('record.requests.created')}>{formatDateTime(request.createdDate, locale)}</Field>
          {request.closedDate ? (
            <Field label={t('record.requests.closed')}>{formatDateTime(request.closedDate, locale)}</Field>
          ) : null}
          {request.reason ? (
            <Field label={t('record.requests.reason')}>
              {t(`enums:careRequestDeclineReason.${request.reason}`)}
              {request.reasonText ? <span className={classes.preWrap}> – {request.reasonText}</span> : null}
            </Field>
          ) : null}
          {request.message ? (
            <Field label={t('record.requests.message')}>
              <span className={classes.preWrap}>{request.message}</span>
            </Field>
          ) : null}
          {request.note ? (
            <Field label={t('record.requests.note')}>
              <span className={classes.preWrap}>{request.note}</span>
            </Field>
          ) : null}
        </FieldList>
      </Stack>
    </Paper>
  );
}

type NewRequestValues = { request: EntryRequestValues };

/** Another request of an own client: the service, where it came from, what they asked for. */
function NewRequestForm({
  acting,
  clientId,
  onDone,
}: {
  acting: ProviderMembership;
  clientId: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('provider-clients');
  const refresh = useRefreshAfterEntry();
  const { form, onSubmit, submitButton } = useContractForm({
    schema: ProviderEntryRequestSchema,
    mode: 'controlled',
    initialValues: { request: emptyEntryRequest } as NewRequestValues,
    // The body is the request itself; its properties show under `request.` in the form.
    toInput: (values: NewRequestValues) => toEntryRequestInput(values.request),
    fields: Object.fromEntries(
      Object.keys(entryRequestFields).map((field) => [field.slice('request.'.length), field]),
    ),
    // A live request for the same service already: said beside the service.
    codeFields: { FacilityServiceAlreadyRequested: 'request.facilityServiceId' },
    submit: (body) => createProviderClientRequest(acting.providerId, clientId, body as ProviderEntryRequest),
    onSuccess: async () => {
      await refresh();
      toast.success(t('record.newRequest.saved'));
      onDone();
    },
  });
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="lg">
        <EntryRequestFields form={form} acting={acting} />
        <Group gap="sm">
          <AsyncButton
            type="submit"
            {...submitButton}
            leftSection={<IconDeviceFloppy size={18} aria-hidden />}
          >
            {t('record.newRequest.submit')}
          </AsyncButton>
          <Button variant="default" onClick={onDone}>
            {t('record.newRequest.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The route's loader calls it (app/router.tsx): the area's reads and the record start together. */
export function prefetch(args: LoaderFunctionArgs): void {
  const { clientId } = args.params;
  prefetchProviderArea(args, (providerId) => {
    if (clientId) void queryClient.prefetchQuery(providerClientQueryOptions(providerId, clientId));
  });
}
