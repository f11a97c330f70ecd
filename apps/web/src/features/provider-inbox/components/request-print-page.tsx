import { Anchor, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  type ProviderCareRequest,
  type ProviderRequestPrintSection,
  providerRequestPrintSections,
} from '@opora/contracts';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { isMissing, LoadError, LoadingState, NotFoundState } from '@/components/ui/page-states.tsx';
import { paths } from '@/config/paths.ts';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';
import {
  actingMembership,
  useProviderMemberships,
  useStoredProviderId,
} from '@/shared-features/provider-area/memberships.ts';
import { formatDateTime } from '@/shared-features/requests/dates.ts';
import { CareRequestStatusBadge } from '@/shared-features/requests/status-badge.tsx';
import { SentSurveys } from '@/shared-features/surveys/sent-surveys.tsx';
import { useProviderRequest } from '../api/get-request.ts';
import classes from './detail/detail.module.css';
import { assigneeText } from './detail/request-assignment.tsx';
import { DocumentFacts } from './detail/request-documents.tsx';
import { RequestHistory } from './detail/request-history.tsx';
import { ClientCard, DetailCard, NeedCard, RequesterCard, RequestFacts } from './detail/request-overview.tsx';

/** The sections named in `?sections=` (in their usual order); none or nothing known: all of them. */
export function printSections(value: string | null): ProviderRequestPrintSection[] {
  const wanted = new Set((value ?? '').split(','));
  const chosen = providerRequestPrintSections.filter((section) => wanted.has(section));
  return chosen.length > 0 ? chosen : [...providerRequestPrintSections];
}

/**
 * `/provider/requests/:id/print?sections=…` (SPEC §3 print dialog): the chosen sections of a request
 * as a plain document, without the provider area around it, and the browser's print dialog once it
 * has loaded. The provider is the one the person acts for (or `?provider=`, when they belong to it).
 */
export function RequestPrintPage() {
  const { t } = useTranslation('provider-request');
  const memberships = useProviderMemberships();
  const storedId = useStoredProviderId();
  const [search] = useSearchParams();
  const items = memberships.data?.items ?? [];
  const acting =
    items.find((item) => item.providerId === search.get('provider')) ?? actingMembership(items, storedId);

  if (memberships.isError) {
    return (
      <LoadError
        title={t('error.title')}
        text={t('error.text')}
        retryLabel={t('error.retry')}
        retrying={memberships.isFetching}
        onRetry={() => void memberships.refetch()}
      />
    );
  }
  if (!memberships.data) return <PrintLoading />;
  if (!acting) return <PrintNotFound />;
  return <PrintRequest providerId={acting.providerId} sections={printSections(search.get('sections'))} />;
}

function PrintLoading() {
  const { t } = useTranslation('provider-request');
  return (
    <LoadingState label={t('loading')}>
      <Stack gap="md">
        <Skeleton height={40} width="50%" />
        <Skeleton height={400} />
      </Stack>
    </LoadingState>
  );
}

function PrintNotFound() {
  const { t } = useTranslation('provider-request');
  return (
    <NotFoundState title={t('notFound.title')} text={t('notFound.text')}>
      <Anchor component={Link} to={paths.providerRequests.getHref()} fw={600}>
        {t('notFound.back')}
      </Anchor>
    </NotFoundState>
  );
}

function PrintRequest({
  providerId,
  sections,
}: {
  providerId: string;
  sections: ProviderRequestPrintSection[];
}) {
  const { t } = useTranslation('provider-request');
  const { id = '' } = useParams();
  const request = useProviderRequest(providerId, id);
  usePageTitle(request.data ? t('print.heading', { code: request.data.code }) : null);
  const printed = useRef(false);
  const loaded = request.data !== undefined;

  useEffect(() => {
    if (!loaded || printed.current) return;
    let left = false;
    // Once the fonts are in and the page has been laid out and painted (the frame after next), so the
    // dialog prints what is on screen; once, however often React runs this effect.
    void document.fonts.ready.then(() =>
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          if (left || printed.current) return;
          printed.current = true;
          window.print();
        }),
      ),
    );
    return () => {
      left = true;
    };
  }, [loaded]);

  if (request.isError && isMissing(request.error)) return <PrintNotFound />;
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
  if (!request.data) return <PrintLoading />;
  return <PrintDocument request={request.data} sections={sections} />;
}

function PrintDocument({
  request,
  sections,
}: {
  request: ProviderCareRequest;
  sections: ProviderRequestPrintSection[];
}) {
  const { t } = useTranslation('provider-request');
  const { locale } = useLocale();
  const printedAt = useRef(new Date().toISOString()).current;
  return (
    <div className={classes.printPage}>
      <Group justify="space-between" gap="sm" className={classes.printToolbar}>
        <Anchor
          component={Link}
          to={paths.providerRequest.getHref({ id: request.id })}
          fw={600}
          className={classes.back}
        >
          <IconArrowLeft size={18} aria-hidden />
          {t('print.back')}
        </Anchor>
        <Button leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => window.print()}>
          {t('print.again')}
        </Button>
      </Group>
      <Stack gap={4}>
        <Text fw={600}>{t('print.heading', { code: request.code })}</Text>
        <Group gap="sm" align="center">
          <Title order={1} className={classes.title}>
            {request.client.fullName}
          </Title>
          <CareRequestStatusBadge status={request.status} />
        </Group>
        <Text>
          {request.service.name} · {request.service.facility.name}
        </Text>
        <Text size="sm" c="dimmed">
          {t('print.printedAt', { date: formatDateTime(printedAt, locale) })}
        </Text>
      </Stack>

      {sections.includes('overview') ? (
        <div className={classes.printSection}>
          <Stack gap="md">
            <RequestFacts request={request} headingId="print-facts" />
            <NeedCard request={request} headingId="print-need" />
            <ClientCard client={request.client} headingId="print-client" />
            <RequesterCard request={request} headingId="print-requester" />
            <DetailCard id="print-internal" title={t('note.title')}>
              <Text>
                <Text span fw={600}>
                  {t('assignment.current')}:
                </Text>{' '}
                {assigneeText(request.assignee, t('assignment.nobody'))}
              </Text>
              <Text className={classes.preWrap}>{request.note.text || t('print.noNote')}</Text>
            </DetailCard>
          </Stack>
        </div>
      ) : null}
      {sections.includes('surveys') ? (
        <section className={classes.printSection} aria-labelledby="print-surveys">
          <Title order={2} size="h3" id="print-surveys" mb="sm">
            {t('tabs.surveys')}
          </Title>
          <SentSurveys surveys={request.surveys} caseSurveys={request.case.surveys} headingOrder={3} />
        </section>
      ) : null}
      {sections.includes('documents') ? (
        <section className={classes.printSection} aria-labelledby="print-documents">
          <Title order={2} size="h3" id="print-documents" mb="sm">
            {t('documents.title')}
          </Title>
          {request.documents.length === 0 ? (
            <Text>{t('documents.empty')}</Text>
          ) : (
            <ul className={classes.documents}>
              {request.documents.map((document) => (
                <li key={document.id}>
                  <DocumentFacts document={document} />
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
      {sections.includes('history') ? (
        <section className={classes.printSection} aria-labelledby="print-history">
          <Title order={2} size="h3" id="print-history" mb="sm">
            {t('history.title')}
          </Title>
          <RequestHistory events={request.events} />
        </section>
      ) : null}
    </div>
  );
}
