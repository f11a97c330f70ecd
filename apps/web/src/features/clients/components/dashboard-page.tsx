import { Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHeartHandshake, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAreaLinks } from '@/components/header/area-links.ts';
import { AsyncButton, mutationOutcome } from '@/components/ui/async-button.tsx';
import { cardClasses } from '@/components/ui/card-parts.tsx';
import { LoadError, LoadingState } from '@/components/ui/page-states.tsx';
import { queryClient } from '@/lib/query-client.ts';
import { useSessionUser } from '@/lib/session.ts';
import { myClientsQueryOptions, useMyClients } from '../api/list-my-clients.ts';
import { ClientCard } from './client-card.tsx';
import classes from './clients.module.css';
import { useAddClient } from './use-start-case.ts';

// The route's loader calls it as soon as this module is there (app/router.tsx).
export function prefetch(): void {
  void queryClient.prefetchQuery(myClientsQueryOptions());
}

function AddClientButton({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const { t } = useTranslation('clients');
  const addClient = useAddClient();
  return (
    <AsyncButton
      size={size}
      busy={addClient.isPending || addClient.isSuccess}
      outcome={mutationOutcome(addClient)}
      leftSection={<IconUserPlus size={20} aria-hidden />}
      onClick={() => addClient.mutate()}
    >
      {t('dashboard.addClient')}
    </AsyncButton>
  );
}

/** No client yet: what Opora does for them, and the one first step. */
function EmptyState() {
  const { t } = useTranslation('clients');
  return (
    <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="md" align="flex-start" maw={640}>
        <ThemeIcon size={56} radius="md" variant="light" color="opora">
          <IconHeartHandshake size={32} aria-hidden />
        </ThemeIcon>
        <Title order={2}>{t('dashboard.empty.title')}</Title>
        <Text size="lg">{t('dashboard.empty.text')}</Text>
        <ol className={classes.steps}>
          <li>{t('dashboard.empty.step1')}</li>
          <li>{t('dashboard.empty.step2')}</li>
          <li>{t('dashboard.empty.step3')}</li>
        </ol>
        <AddClientButton size="lg" />
        <Text size="sm" c="dimmed">
          {t('dashboard.empty.privacy')}
        </Text>
      </Stack>
    </Paper>
  );
}

function ListSkeleton() {
  const { t } = useTranslation('clients');
  return (
    <LoadingState label={t('dashboard.loading')}>
      <div className={classes.clientGrid}>
        {[0, 1].map((index) => (
          <Stack key={index} gap="xs" p="lg" className={cardClasses.skeleton}>
            <Skeleton height={28} width="60%" />
            <Skeleton height={18} width="50%" />
            <Skeleton height={18} width="40%" />
            <Skeleton height={36} width="45%" mt="sm" />
          </Stack>
        ))}
      </div>
    </LoadingState>
  );
}

/** `/dashboard` (SPEC §2): the carer's clients, a clear first step when there are none. */
export function DashboardPage() {
  const { t } = useTranslation('clients');
  const clients = useMyClients();
  const areaLinks = useAreaLinks(useSessionUser());
  const count = clients.data?.length ?? 0;

  let content: React.ReactNode;
  if (clients.isError) {
    content = (
      <LoadError
        title={t('dashboard.error.title')}
        text={t('dashboard.error.text')}
        retryLabel={t('dashboard.error.retry')}
        retrying={clients.isFetching}
        onRetry={() => void clients.refetch()}
      />
    );
  } else if (!clients.data) {
    content = <ListSkeleton />;
  } else if (count === 0) {
    content = <EmptyState />;
  } else {
    content = (
      <section aria-labelledby="dashboard-clients">
        <Title order={2} fz="h3" id="dashboard-clients" mb="md">
          {t('dashboard.clientsTitle', { count })}
        </Title>
        <ul className={classes.clientGrid}>
          {clients.data.map((client) => (
            <li key={client.id}>
              <ClientCard client={client} />
            </li>
          ))}
        </ul>
      </section>
    );
  }

  return (
    <Stack gap="lg">
      <div className={classes.pageHeader}>
        <Stack gap={4} className={classes.headerText}>
          <Title order={1} className={classes.title}>
            {t('dashboard.title')}
          </Title>
          <Text c="dimmed" size="lg">
            {t('dashboard.intro')}
          </Text>
        </Stack>
        {count > 0 ? <AddClientButton /> : null}
      </div>
      {areaLinks.length > 0 ? (
        <Paper withBorder radius="md" p="md">
          <Stack gap="xs">
            <Text>{t('dashboard.areas')}</Text>
            <Group gap="sm">
              {areaLinks.map(({ to, label, icon: Icon }) => (
                <Button
                  key={to}
                  component={Link}
                  to={to}
                  variant="default"
                  leftSection={<Icon size={20} aria-hidden />}
                >
                  {label}
                </Button>
              ))}
            </Group>
          </Stack>
        </Paper>
      ) : null}
      {content}
    </Stack>
  );
}
