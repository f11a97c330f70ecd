import { Button, Stack, Text, Title } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';

/** Where the navigation guard sends a user who lacks a route's permission (SPEC §2). */
export function UnauthorizedPage() {
  const { t } = useTranslation('pages');
  return (
    <Stack gap="md" align="flex-start" py="xl">
      <Title order={1}>{t('unauthorized.title')}</Title>
      <Text size="lg">{t('unauthorized.text')}</Text>
      <Button
        component={Link}
        to={paths.home.getHref()}
        size="lg"
        leftSection={<IconHome size={20} aria-hidden />}
      >
        {t('unauthorized.action')}
      </Button>
    </Stack>
  );
}
