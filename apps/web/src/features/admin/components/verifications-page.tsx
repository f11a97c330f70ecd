import {
  Anchor,
  Badge,
  type MantineColor,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import type { ProviderVerificationKind, ProviderVerificationQueueItem } from '@opora/contracts';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs } from 'react-router';
import { LoadError, LoadingState } from '@/components/ui/page-states.tsx';
import { paths } from '@/config/paths.ts';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { queryClient } from '@/lib/query-client.ts';
import { useWideFrom } from '@/lib/use-wide-from.ts';
import { useVerificationQueue, verificationQueueQueryOptions } from '../api/provider-verifications.ts';
import { waitingSince } from '../utils/format.ts';
import classes from './admin.module.css';
import { AdminArea } from './admin-area.tsx';

/** `/admin/verifications` (issue 25 §1): providers waiting for staff to check them, oldest first. */
export function VerificationsPage() {
  const { t } = useTranslation(['admin', 'common']);
  const queue = useVerificationQueue();
  return (
    <AdminArea section="verifications">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('common:routes.adminVerifications.title')}</Title>
          <Text size="lg">{t('queue.intro')}</Text>
        </Stack>
        {queue.isError ? (
          <LoadError
            title={t('queue.error.title')}
            text={t('queue.error.text')}
            retryLabel={t('queue.error.retry')}
            retrying={queue.isFetching}
            onRetry={() => void queue.refetch()}
          />
        ) : queue.data ? (
          queue.data.items.length === 0 ? (
            <NothingWaiting />
          ) : (
            <Queue items={queue.data.items} />
          )
        ) : (
          <LoadingState label={t('queue.loading')}>
            <Skeleton height={240} radius="md" />
          </LoadingState>
        )}
      </Stack>
    </AdminArea>
  );
}

function NothingWaiting() {
  const { t } = useTranslation('admin');
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack gap="sm" align="flex-start">
        <ThemeIcon size={48} radius="md" variant="light" color="teal">
          <IconCircleCheck size={28} aria-hidden />
        </ThemeIcon>
        <Title order={2} size="h3">
          {t('queue.empty.title')}
        </Title>
        <Text>{t('queue.empty.text')}</Text>
      </Stack>
    </Paper>
  );
}

const kindColors: Record<ProviderVerificationKind, MantineColor> = {
  new: 'blue',
  claim: 'violet',
  reverification: 'gray',
};

/**
 * The kind of check as a badge: a claim stands out, it replaces a listing carers already know. The
 * text is its colour's darkest shade, readable on the light fill (as the request statuses' badges).
 */
export function KindBadge({ kind }: { kind: ProviderVerificationKind }) {
  const { t } = useTranslation('admin');
  const color = kindColors[kind];
  return (
    <Badge variant="light" color={color} c={`${color}.9`} size="md" tt="none" radius="sm">
      {t(`kind.${kind}`)}
    </Badge>
  );
}

function Queue({ items }: { items: readonly ProviderVerificationQueueItem[] }) {
  const { t } = useTranslation('admin');
  const { locale } = useLocale();
  const wide = useWideFrom('md');

  /** What the table's cells and a phone's card show of a check, once. */
  const partsOf = (item: ProviderVerificationQueueItem) => ({
    provider: (
      <Anchor
        component={Link}
        to={paths.adminVerification.getHref({ verificationId: item.verificationId })}
        fw={600}
      >
        {item.provider.name}
      </Anchor>
    ),
    kind: <KindBadge kind={item.kind} />,
    ico: item.provider.identificationCode ? (
      <span className={classes.code}>{item.provider.identificationCode}</span>
    ) : (
      t('details.empty')
    ),
    country: t(`country.${item.provider.country}`),
    services: t('queue.servicesCount', { count: item.servicesCount }),
    waiting: waitingSince(item.openedAt, locale),
  });

  if (wide) {
    return (
      <Table striped>
        <Table.Caption>{t('queue.caption', { count: items.length })}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('queue.provider')}</Table.Th>
            <Table.Th scope="col">{t('queue.kind')}</Table.Th>
            <Table.Th scope="col">{t('details.identificationCode')}</Table.Th>
            <Table.Th scope="col">{t('details.country')}</Table.Th>
            <Table.Th scope="col">{t('queue.services')}</Table.Th>
            <Table.Th scope="col">{t('queue.waiting')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => {
            const parts = partsOf(item);
            return (
              <Table.Tr key={item.verificationId}>
                <Table.Th scope="row">{parts.provider}</Table.Th>
                <Table.Td>{parts.kind}</Table.Td>
                <Table.Td>{parts.ico}</Table.Td>
                <Table.Td>{parts.country}</Table.Td>
                <Table.Td>{parts.services}</Table.Td>
                <Table.Td>{parts.waiting}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    );
  }
  return (
    <Stack
      component="ul"
      gap="sm"
      aria-label={t('queue.caption', { count: items.length })}
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
    >
      {items.map((item) => {
        const parts = partsOf(item);
        return (
          <Paper component="li" key={item.verificationId} withBorder radius="md" p="md">
            <Stack gap={6} align="flex-start">
              <Text size="lg" className={classes.value}>
                {parts.provider}
              </Text>
              {parts.kind}
              <Text>
                {t('details.identificationCode')} {parts.ico} · {parts.country} · {parts.services}
              </Text>
              <Text size="sm" c="dark.6">
                {t('queue.waiting')}: {parts.waiting}
              </Text>
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}

/** The route's loader calls it (app/router.tsx): the queue is read with the page's code. */
export function prefetch(_args: LoaderFunctionArgs): void {
  void queryClient.prefetchQuery(verificationQueueQueryOptions());
}
