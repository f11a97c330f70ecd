import { Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHome, IconTools } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAreaLinks } from '@/components/header/area-links.ts';
import { paths } from '@/config/paths.ts';
import { useRouteHandle } from '@/lib/route-handle.ts';
import { useSessionUser } from '@/lib/session.ts';

const comingSoonPages = ['dashboard', 'providerHome'] as const;
type ComingSoonPageName = (typeof comingSoonPages)[number];

function isComingSoonPage(name: string | undefined): name is ComingSoonPageName {
  return (comingSoonPages as readonly (string | undefined)[]).includes(name);
}

/**
 * Routes whose feature arrives with a later issue (contact, dashboard, provider area…): the page says so
 * honestly instead of showing a form that does nothing. The dashboard, where sign-in lands, leads
 * provider and platform staff on to their own area.
 */
export function ComingSoonPage() {
  const { t } = useTranslation('pages');
  const handle = useRouteHandle();
  const page = isComingSoonPage(handle?.name) ? handle.name : 'dashboard';
  const areaLinks = useAreaLinks(useSessionUser());

  return (
    <Stack gap="md" align="flex-start" py="xl">
      <ThemeIcon size={56} radius="md" variant="light" color="opora">
        <IconTools size={32} aria-hidden />
      </ThemeIcon>
      <Title order={1}>{t(`comingSoon.${page}.title`)}</Title>
      <Text size="lg">{t(`comingSoon.${page}.text`)}</Text>
      <Text c="dark.6">{t('comingSoon.note')}</Text>
      <Group gap="sm">
        {page === 'dashboard'
          ? areaLinks.map(({ to, label, icon: Icon }) => (
              <Button key={to} component={Link} to={to} leftSection={<Icon size={20} aria-hidden />}>
                {label}
              </Button>
            ))
          : null}
        <Button
          component={Link}
          to={paths.home.getHref()}
          variant="default"
          leftSection={<IconHome size={20} aria-hidden />}
        >
          {t('comingSoon.action')}
        </Button>
      </Group>
    </Stack>
  );
}
