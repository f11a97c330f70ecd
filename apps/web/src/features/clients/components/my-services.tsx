import {
  Anchor,
  Button,
  Card,
  Group,
  NativeSelect,
  Paper,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { type CareRequestListItem, careRequestStatusCodes, isOneOf } from '@opora/contracts';
import { IconClipboardList } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { LoadError, LoadingState } from '@/components/ui/page-states.tsx';
import { paths } from '@/config/paths.ts';
import { useServiceTypeName } from '@/lib/reference-data/use-service-type-name.ts';
import { formatInstantDate } from '@/shared-features/requests/dates.ts';
import { CareRequestStatusBadge } from '@/shared-features/requests/status-badge.tsx';
import { useClientCareRequests } from '../api/list-client-care-requests.ts';
import classes from './clients.module.css';

/**
 * The client's requests with a filter by state (SPEC §2 my-services), newest first, each leading to
 * its detail; the filter says how many each state has. Empty, the texts of SPEC §8.
 */
export function MyServices({ onShowOffer }: { onShowOffer: () => void }) {
  const { t } = useTranslation(['clients', 'enums']);
  const { id: clientId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const requested = search.get('status');
  const status = isOneOf(careRequestStatusCodes, requested) ? requested : 'all';
  const list = useClientCareRequests(clientId, status);
  const data = list.data;

  const changeStatus = (value: string) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value === 'all') next.delete('status');
        else next.set('status', value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  const label = (text: string, count: number | undefined) =>
    count === undefined ? text : t('myServices.count', { label: text, count });

  let content: React.ReactNode;
  if (list.isError && !data) {
    content = (
      <LoadError
        title={t('myServices.error.title')}
        text={t('myServices.error.text')}
        retryLabel={t('myServices.error.retry')}
        retrying={list.isFetching}
        onRetry={() => void list.refetch()}
      />
    );
  } else if (!data) {
    content = (
      <LoadingState label={t('myServices.loading')}>
        <Stack gap="md">
          <Skeleton height={96} />
          <Skeleton height={96} />
        </Stack>
      </LoadingState>
    );
  } else if (data.items.length === 0) {
    content = (
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="sm" align="flex-start">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" color="opora" size={40} radius="md">
              <IconClipboardList size={24} aria-hidden />
            </ThemeIcon>
            {/* Announced when a filter empties the list; still a heading of the page's outline. */}
            <div role="status">
              <Title order={2} fz="h3">
                {data.allCount === 0 ? t('myServices.empty.title') : t('myServices.empty.filteredTitle')}
              </Title>
            </div>
          </Group>
          {data.allCount === 0 ? <Text>{t('myServices.empty.text')}</Text> : null}
          <Button variant="light" onClick={onShowOffer}>
            {t('myServices.empty.toOffer')}
          </Button>
        </Stack>
      </Paper>
    );
  } else {
    content = (
      <Stack
        gap="md"
        component="ul"
        aria-label={t('myServices.listLabel')}
        aria-busy={list.isFetching}
        className={classes.requestList}
      >
        {data.items.map((item) => (
          <li key={item.id}>
            <RequestItem item={item} />
          </li>
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <NativeSelect
        label={t('myServices.filter')}
        value={status}
        onChange={(event) => changeStatus(event.currentTarget.value)}
        data={[
          { value: 'all', label: label(t('myServices.allStates'), data?.allCount) },
          ...careRequestStatusCodes.map((code) => ({
            value: code,
            label: label(t(`enums:careRequestStatus.${code}`), data?.counts[code]),
          })),
        ]}
        maw={360}
      />
      {content}
    </Stack>
  );
}

function RequestItem({ item }: { item: CareRequestListItem }) {
  const { t } = useTranslation(['clients', 'catalogue']);
  const serviceTypeName = useServiceTypeName();
  return (
    <Card withBorder radius="md" padding="lg" component="article">
      <Stack gap={6}>
        <Text size="sm" fw={600} c="opora.8">
          {serviceTypeName(item.service.serviceType.code)} · {item.code}
        </Text>
        <Title order={2} fz="h4">
          <Anchor
            component={Link}
            to={paths.dashboardRequest.getHref({ id: item.id })}
            inherit
            underline="hover"
          >
            {item.service.name}
          </Anchor>
        </Title>
        <Group gap="xs" wrap="wrap">
          <CareRequestStatusBadge status={item.status} />
          <Text>{item.provider.name}</Text>
        </Group>
        <Text size="sm" c="dimmed">
          {t('myServices.sent', { date: formatInstantDate(item.createdDate) })} ·{' '}
          {t('myServices.case', { name: item.case.name })}
        </Text>
      </Stack>
    </Card>
  );
}
