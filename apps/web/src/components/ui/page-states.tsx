import { Alert, Button, type MantineSpacing, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconLayoutDashboard, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { AsyncButton } from './async-button.tsx';

// What a page shows instead of its subject: not there, not loaded, still loading. The words are the
// page's own (its namespace), passed in translated.

/** 404, or an id that is malformed (400) or someone else's (403): the subject is not there for this person. */
export function isMissing(error: unknown): boolean {
  return error instanceof ApiError && [400, 403, 404].includes(error.status);
}

/** The page's subject is not there: says so in words, then the ways on (`children`). */
export function NotFoundState({
  title,
  text,
  py = 'xl',
  children,
}: {
  title: string;
  text: string;
  py?: MantineSpacing;
  children: ReactNode;
}) {
  return (
    <Stack gap="md" align="flex-start" py={py}>
      <Title order={1}>{title}</Title>
      <Text size="lg">{text}</Text>
      {children}
    </Stack>
  );
}

/** The way to the carer's overview (`/dashboard`). */
export function DashboardButton({ variant, children }: { variant?: 'default'; children: ReactNode }) {
  return (
    <Button
      component={Link}
      to={paths.dashboard.getHref()}
      {...(variant ? { variant } : {})}
      leftSection={<IconLayoutDashboard size={20} aria-hidden />}
    >
      {children}
    </Button>
  );
}

/** A failed load that may pass (network or server trouble), with a way to try again. */
export function LoadError({
  title,
  text,
  retryLabel,
  retrying,
  onRetry,
}: {
  title: string;
  text: string;
  retryLabel: string;
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />} title={title}>
      <Stack gap="sm" align="flex-start">
        <Text>{text}</Text>
        <AsyncButton
          variant="default"
          leftSection={<IconRefresh size={18} aria-hidden />}
          busy={retrying}
          onClick={onRetry}
        >
          {retryLabel}
        </AsyncButton>
      </Stack>
    </Alert>
  );
}

/** Placeholders (`children`) while something loads, announced once to screen readers as `label`. */
export function LoadingState({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div aria-busy="true">
      <span role="status" className="visually-hidden">
        {label}
      </span>
      {children}
    </div>
  );
}
