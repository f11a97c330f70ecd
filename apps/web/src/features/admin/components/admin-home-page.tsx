import { Button, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { currentUserQueryKey } from '@/lib/auth/current-user-key.ts';
import { queryClient } from '@/lib/query-client.ts';
import { hasPermission, useSessionUser } from '@/lib/session.ts';
import { useVerificationQueue, verificationQueueQueryOptions } from '../api/provider-verifications.ts';
import classes from './admin.module.css';
import { AdminArea } from './admin-area.tsx';
import { sectionsFor } from './admin-sections.ts';

/**
 * `/admin` (issue 25): the staff console's home, a card for each section the person may open (a
 * platform administrator all, an assistant the work queue).
 */
export function AdminHomePage() {
  const { t } = useTranslation(['admin', 'common']);
  const sections = sectionsFor(useSessionUser()).filter((section) => section.id !== 'home');
  return (
    <AdminArea section="home">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('common:routes.adminHome.title')}</Title>
          <Text size="lg">{t('home.intro')}</Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {sections.map((section) => {
            const Icon = section.icon;
            return (
              <HomeCard
                key={section.id}
                icon={<Icon size={28} aria-hidden />}
                title={t(`home.${section.id}.title`)}
                to={section.route.getHref()}
                action={t(`home.${section.id}.open`)}
              >
                <Text>{t(`home.${section.id}.text`)}</Text>
                {section.id === 'verifications' ? <OpenChecks /> : null}
              </HomeCard>
            );
          })}
        </SimpleGrid>
      </Stack>
    </AdminArea>
  );
}

/** How many checks wait, in words (the count is the queue's own read). */
function OpenChecks() {
  const { t } = useTranslation('admin');
  const queue = useVerificationQueue();
  if (queue.isError) return <Text c="dimmed">{t('home.verifications.countError')}</Text>;
  if (!queue.data) return <Skeleton height={24} width="60%" />;
  const count = queue.data.items.length;
  return (
    <Text fw={700} size="lg">
      {count === 0 ? t('home.verifications.none') : t('home.verifications.count', { count })}
    </Text>
  );
}

function HomeCard({
  icon,
  title,
  to,
  action,
  children,
}: {
  icon: ReactNode;
  title: string;
  to: string;
  action: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="lg" className={classes.homeCard}>
      <Stack gap="sm" h="100%" align="flex-start">
        {icon}
        <Title order={2} size="h3">
          {title}
        </Title>
        {children}
        <Button
          component={Link}
          to={to}
          variant="light"
          mt="auto"
          rightSection={<IconArrowRight size={18} aria-hidden />}
        >
          {action}
        </Button>
      </Stack>
    </Paper>
  );
}

/** The route's loader calls it (app/router.tsx): the queue's count is read with the page's code. */
export function prefetch(_args: LoaderFunctionArgs): void {
  const user = queryClient.getQueryData(currentUserQueryKey);
  if (user && hasPermission(user, paths.adminVerifications.name)) {
    void queryClient.prefetchQuery(verificationQueueQueryOptions());
  }
}
