import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SaveStatus } from './save-queue.ts';
import classes from './survey.module.css';
import { surveyNamespaces } from './survey-question.tsx';
import { saveErrorText } from './texts.ts';

/**
 * Where the answers stand, in a few words announced politely (the region stays in the page so every
 * change is read). Pending changes show nothing: "Saving…" follows within a second.
 */
export function SaveStatusText({ status }: { status: SaveStatus }) {
  const { t } = useTranslation(surveyNamespaces);
  let content: React.ReactNode = null;
  switch (status.kind) {
    case 'saving':
      content = (
        <>
          <Loader size={14} aria-hidden />
          {t('save.saving')}
        </>
      );
      break;
    case 'saved':
      content = (
        <>
          <IconCircleCheck size={18} aria-hidden color="var(--mantine-color-opora-7, currentColor)" />
          {t('save.saved')}
        </>
      );
      break;
    case 'retrying':
    case 'failed':
      content = (
        <span className={`${classes.status} ${classes.statusProblem}`}>
          <IconAlertTriangle size={18} aria-hidden />
          {t(status.kind === 'retrying' ? 'save.retrying' : 'save.failed')}
        </span>
      );
      break;
    default:
      content = null;
  }
  return (
    <div role="status" aria-live="polite" className={classes.status}>
      {content}
    </div>
  );
}

/** What a save that did not get through means, and a way to try at once. */
export function SaveProblem({ status, onRetry }: { status: SaveStatus; onRetry: () => void }) {
  const { t } = useTranslation(surveyNamespaces);
  if (status.kind !== 'retrying' && status.kind !== 'failed') return null;
  return (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {status.kind === 'retrying' ? t('save.retryingHint') : saveErrorText(t, status.error)}
        </Text>
        <Button
          variant="default"
          size="compact-md"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={onRetry}
        >
          {t('save.retryNow')}
        </Button>
      </Stack>
    </Alert>
  );
}
