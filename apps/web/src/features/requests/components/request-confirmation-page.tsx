import { Button, List, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { formatDisplayDate } from '@opora/contracts';
import { IconCircleCheck, IconFileText, IconLayoutDashboard, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import {
  DashboardButton,
  isMissing,
  LoadError,
  LoadingState,
  NotFoundState,
} from '@/components/ui/page-states.tsx';
import { paths } from '@/config/paths.ts';
import { useCareRequest } from '../api/get-care-request.ts';
import { useCase } from '../api/get-case.ts';
import classes from './requests.module.css';

/**
 * `/dashboard/request-confirmation/:caseId` (SPEC §4: submission is followed by the confirmation): the
 * reference to quote, what happens next and by when, the ways on. `?request=` names the request just
 * sent; without it (an old link), the case's newest request.
 */
export function RequestConfirmationPage() {
  const { t } = useTranslation('requests');
  const { caseId = '' } = useParams();
  const [search] = useSearchParams();
  const named = search.get('request');
  const careCase = useCase(caseId);
  const newest = careCase.data?.requests.at(-1)?.id ?? null;
  const requestId = named ?? newest;
  const request = useCareRequest(requestId);

  const missing =
    (request.isError && isMissing(request.error)) ||
    (careCase.isError && isMissing(careCase.error)) ||
    (careCase.isSuccess && requestId === null);
  if (missing) {
    return (
      <NotFoundState title={t('confirmation.notFound.title')} text={t('confirmation.notFound.text')}>
        <DashboardButton>{t('confirmation.dashboard')}</DashboardButton>
      </NotFoundState>
    );
  }
  const failed = request.isError ? request : careCase.isError ? careCase : null;
  if (failed) {
    return (
      <LoadError
        title={t('confirmation.error.title')}
        text={t('confirmation.error.text')}
        retryLabel={t('confirmation.error.retry')}
        retrying={failed.isFetching}
        onRetry={() => void failed.refetch()}
      />
    );
  }
  const data = request.data;
  if (!data) {
    return (
      <LoadingState label={t('confirmation.loading')}>
        <Stack gap="md" maw={720}>
          <Skeleton height={48} width="60%" />
          <Skeleton height={96} />
          <Skeleton height={160} />
        </Stack>
      </LoadingState>
    );
  }

  return (
    <Stack gap="lg" maw={760}>
      <Stack gap="sm" align="flex-start">
        <ThemeIcon variant="light" color="teal" size={56} radius="xl">
          <IconCircleCheck size={36} aria-hidden />
        </ThemeIcon>
        <Title order={1} className={classes.title}>
          {t('confirmation.title')}
        </Title>
        <Text size="lg">
          {t('confirmation.sentTo', { service: data.service.name, provider: data.service.provider.name })}
        </Text>
      </Stack>

      <div className={classes.referenceBox}>
        <Text fw={600}>{t('confirmation.reference')}</Text>
        <Text className={classes.reference}>{data.code}</Text>
        <Text size="sm">{t('confirmation.referenceHint')}</Text>
      </div>

      <Paper
        withBorder
        radius="md"
        p={{ base: 'md', sm: 'xl' }}
        component="section"
        aria-labelledby="next-title"
      >
        <Stack gap="sm">
          <Title order={2} size="h3" id="next-title">
            {t('confirmation.next.title')}
          </Title>
          <List spacing="xs" size="md">
            <List.Item>{t('confirmation.next.provider')}</List.Item>
            <List.Item>
              <strong>
                {t('confirmation.next.answer', { date: formatDisplayDate(data.answerExpectedBy) })}
              </strong>
            </List.Item>
            {data.requester.email ? (
              <List.Item>{t('confirmation.next.email', { email: data.requester.email })}</List.Item>
            ) : null}
            <List.Item>{t('confirmation.next.withdraw')}</List.Item>
          </List>
        </Stack>
      </Paper>

      <div className={classes.actions}>
        <Button
          component={Link}
          to={paths.dashboardRequest.getHref({ id: data.id })}
          size="md"
          leftSection={<IconFileText size={20} aria-hidden />}
        >
          {t('confirmation.open')}
        </Button>
        <Button
          component={Link}
          to={paths.dashboardClient.getHref({ id: data.client.id }, { tab: 'my-services' })}
          size="md"
          variant="default"
          leftSection={<IconUser size={20} aria-hidden />}
        >
          {t('confirmation.client')}
        </Button>
        <Button
          component={Link}
          to={paths.dashboard.getHref()}
          size="md"
          variant="subtle"
          leftSection={<IconLayoutDashboard size={20} aria-hidden />}
        >
          {t('confirmation.dashboard')}
        </Button>
      </div>
    </Stack>
  );
}
