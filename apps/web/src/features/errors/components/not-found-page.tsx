import { Button, Stack, Text, Title } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';

/** Shown at `/404` and at any path no route matches (SPEC §2). */
export function NotFoundPage() {
  const { t } = useTranslation('pages');
  return (
    <Stack gap="md" align="flex-start" py="xl">
      <Text c="opora.8" fw={700} size="lg">
        404
      </Text>
      <Title order={1}>{t('notFound.title')}</Title>
      <Text size="lg">{t('notFound.text')}</Text>
      <Button
        component={Link}
        to={paths.home.getHref()}
        size="lg"
        leftSection={<IconHome size={20} aria-hidden />}
      >
        {t('notFound.action')}
      </Button>
    </Stack>
  );
}
