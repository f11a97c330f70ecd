import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { AssistantTaskDetail } from '@opora/contracts';
import { IconHeadset } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { formatDateTime } from '@/shared-features/requests/dates.ts';
import { CareRequestStatusBadge } from '@/shared-features/requests/status-badge.tsx';
import classes from './assistants.module.css';
import { Section } from './section.tsx';

/** The case's requests, the carer's and the assistants', each with its state as the provider set it. */
export function CaseRequests({ requests }: { requests: AssistantTaskDetail['requests'] }) {
  const { t } = useTranslation('admin-assistants');
  const { locale } = useLocale();
  return (
    <Section title={t('requests.title')} headingId="task-requests">
      {requests.length === 0 ? (
        <Text>{t('requests.empty')}</Text>
      ) : (
        <ul className={classes.plainList} aria-label={t('requests.caption', { count: requests.length })}>
          {requests.map((request) => (
            <Paper component="li" key={request.id} withBorder radius="sm" p="sm">
              <Stack gap={6}>
                <Group justify="space-between" align="flex-start" gap="xs">
                  <Stack gap={0} miw={0} style={{ flex: '1 1 14rem' }}>
                    <Text fw={600} className={classes.wrap}>
                      {request.service.name}
                    </Text>
                    <Text size="sm" className={classes.wrap}>
                      {request.service.providerName}
                    </Text>
                  </Stack>
                  <CareRequestStatusBadge status={request.status} />
                </Group>
                <Group gap="xs">
                  <Text size="sm" c="dark.6">
                    {t('requests.sentAt')} {formatDateTime(request.createdAt, locale)}
                  </Text>
                  {request.sentByAssistant ? (
                    <Badge
                      variant="light"
                      color="violet"
                      c="violet.9"
                      size="md"
                      tt="none"
                      radius="sm"
                      leftSection={<IconHeadset size={14} aria-hidden />}
                    >
                      {t('requests.byAssistant')}
                    </Badge>
                  ) : (
                    <Text size="sm" c="dark.6">
                      · {t('requests.byCarer')}
                    </Text>
                  )}
                </Group>
              </Stack>
            </Paper>
          ))}
        </ul>
      )}
    </Section>
  );
}
