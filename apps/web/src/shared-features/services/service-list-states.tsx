import { Alert, Anchor, Button, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle, IconMail, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AsyncButton } from '@/components/ui/async-button.tsx';
import { cardClasses } from '@/components/ui/card-parts.tsx';
import { paths } from '@/config/paths.ts';
import classes from './services.module.css';

// What a list of services shows besides its cards (the catalogue's list and a client's services pool).

/** The cards of a page of services; dimmed while the next page loads. */
export function ServiceCardList({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <ul className={classes.results} aria-busy={busy}>
      {children}
    </ul>
  );
}

/** Placeholder cards while a page of services loads; announced once to screen readers. */
export function ServiceCardsSkeleton({ label }: { label: string }) {
  return (
    <div aria-busy="true">
      <span role="status" className="visually-hidden">
        {label}
      </span>
      <Stack gap="md">
        {[0, 1, 2].map((index) => (
          <Stack key={index} gap="xs" p="lg" className={cardClasses.skeleton}>
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

/** A failed load with a way to try again (network or server trouble). */
export function LoadError({
  title,
  text,
  retryLabel,
  retrying,
  onRetry,
}: {
  title: string;
  text: string;
  /** The button's words; "Try again" by default. */
  retryLabel?: string;
  retrying: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation('catalogue');
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
          {retryLabel ?? t('list.error.retry')}
        </AsyncButton>
      </Stack>
    </Alert>
  );
}

/** The county asked for has no services, so the list shows its region's (SPEC §2). */
export function AreaFallbackNotice({ title, text }: { title: string; text: string }) {
  return (
    <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />} title={title}>
      {text}
    </Alert>
  );
}

/**
 * Nothing in the region at all (SPEC §8): the regional authority keeps the register (`text`), and we
 * help search.
 */
export function NoServicesNotice({
  title,
  text,
  contactLabel,
}: {
  title: string;
  text: string;
  contactLabel: string;
}) {
  return (
    <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />} title={title}>
      <Stack gap="sm" align="flex-start">
        <Text>{text}</Text>
        <Anchor component={Link} to={paths.contact.getHref()}>
          <IconMail size={18} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 4 }} />
          {contactLabel}
        </Anchor>
      </Stack>
    </Alert>
  );
}

/** A page past the last one (the list changed since its link was made), with the way to the first. */
export function PageGoneNotice({ onFirstPage }: { onFirstPage: () => void }) {
  const { t } = useTranslation('catalogue');
  return (
    <Alert
      color="gray"
      variant="light"
      icon={<IconInfoCircle aria-hidden />}
      title={t('list.empty.pageTitle')}
    >
      <Stack gap="sm" align="flex-start">
        <Text>{t('list.empty.pageText')}</Text>
        <Button variant="default" onClick={onFirstPage}>
          {t('list.empty.firstPage')}
        </Button>
      </Stack>
    </Alert>
  );
}
