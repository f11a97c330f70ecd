import { Button, Group, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { DetailDialog } from '@/components/overlays/detail-dialog.tsx';

/**
 * Leaving a draft with unsaved edits asks first: moving to another page in the app opens the page's
 * own dialog (stay, or leave and drop the edits), closing or reloading the tab the browser's question.
 * `allowLeaving` lets the page's own next navigation through (after a deletion).
 */
export function useLeaveGuard(dirty: boolean) {
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const allowed = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !allowed.current && dirtyRef.current && currentLocation.pathname !== nextLocation.pathname,
  );
  // A blocked navigation is let through once: a second `proceed` throws ("proceeding -> proceeding").
  const proceeded = useRef(false);
  const blocked = blocker.state === 'blocked';
  useEffect(() => {
    if (!blocked) proceeded.current = false;
  }, [blocked]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  return {
    asking: blocked,
    stay: () => blocker.reset?.(),
    leave: () => {
      if (proceeded.current) return;
      proceeded.current = true;
      blocker.proceed?.();
    },
    allowLeaving: () => {
      allowed.current = true;
    },
  };
}

export function LeaveDialog({ guard }: { guard: ReturnType<typeof useLeaveGuard> }) {
  const { t } = useTranslation('admin-surveys');
  return (
    <DetailDialog opened={guard.asking} onClose={guard.stay} title={t('leave.title')}>
      <Text>{t('leave.message')}</Text>
      <Group justify="flex-end" mt="xl" gap="sm">
        <Button variant="default" data-autofocus onClick={guard.stay}>
          {t('leave.stay')}
        </Button>
        <Button color="red.9" onClick={guard.leave}>
          {t('leave.leave')}
        </Button>
      </Group>
    </DetailDialog>
  );
}
