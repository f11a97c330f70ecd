import { Alert, Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconHome, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';

/** A failed load with a way to try again (network or server trouble). */
export function LoadError({
  title,
  text,
  retrying,
  onRetry,
}: {
  title: string;
  text: string;
  retrying: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation('catalogue');
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />} title={title}>
      <Stack gap="sm" align="flex-start">
        <Text>{text}</Text>
        <Button
          variant="default"
          leftSection={<IconRefresh size={18} aria-hidden />}
          loading={retrying}
          onClick={onRetry}
        >
          {t('list.error.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}

/** A page whose subject does not exist: says so in words and offers the way on. */
export function MissingState({ title, text, actions }: { title: string; text: string; actions?: ReactNode }) {
  const { t } = useTranslation('catalogue');
  return (
    <Stack gap="md" align="flex-start" py="xl">
      <Title order={1}>{title}</Title>
      <Text size="lg">{text}</Text>
      {actions}
      <Button
        component={Link}
        to={paths.home.getHref()}
        variant="default"
        leftSection={<IconHome size={20} aria-hidden />}
      >
        {t('list.notFound.home')}
      </Button>
    </Stack>
  );
}

/** Placeholder cards while a page of services loads; announced once to screen readers. */
export function ListSkeleton({ label }: { label: string }) {
  return (
    <div aria-busy="true">
      <span role="status" className="visually-hidden">
        {label}
      </span>
      <Stack gap="md">
        {[0, 1, 2].map((index) => (
          <Stack
            key={index}
            gap="xs"
            p="lg"
            style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
          >
            <Skeleton height={16} width="35%" />
            <Skeleton height={26} width="70%" />
            <Skeleton height={18} width="50%" />
            <Skeleton height={18} width="40%" />
          </Stack>
        ))}
      </Stack>
    </div>
  );
}
