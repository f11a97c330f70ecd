import { Alert, Button, Group, Loader, Stack, Text, Textarea } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import {
  businessTimeZone,
  type Locale,
  type ProviderCareRequest,
  type ProviderNoteSaved,
  providerNoteMaxLength,
} from '@opora/contracts';
import { IconAlertTriangle, IconCircleCheck, IconRefresh, IconWifiOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Blocker, useBlocker } from 'react-router';
import { DetailDialog } from '@/components/overlays/detail-dialog.tsx';
import { wrappingButton } from '@/components/ui/wrapping-button.ts';
import { ApiError } from '@/lib/api-client.ts';
import { apiErrorMessageKeys } from '@/lib/api-error-message.ts';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { formatDateTime } from '@/shared-features/requests/dates.ts';
import { providerRequestQueryOptions } from '../../api/get-request.ts';
import { saveProviderNote } from '../../api/save-note.ts';
import { createNoteAutosave, type NoteAutosave, type NoteSaveState } from '../../utils/note-autosave.ts';
import classes from './detail.module.css';
import { DetailCard } from './request-overview.tsx';

function timeOf(instant: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone: businessTimeZone,
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(instant));
}

type Overwritten = NonNullable<ProviderNoteSaved['overwritten']>;

/** Where the note stands, in a few words announced politely; the region stays so every change is read. */
function NoteStatus({
  state,
  savedAt,
  online,
}: {
  state: NoteSaveState;
  savedAt: string | null;
  online: boolean;
}) {
  const { t } = useTranslation(['provider-request', 'errors']);
  const { locale } = useLocale();
  let content: React.ReactNode = null;
  switch (state.kind) {
    case 'saving':
      content = (
        <>
          <Loader size={14} aria-hidden />
          {t('note.state.saving')}
        </>
      );
      break;
    case 'saved':
      content = (
        <>
          <IconCircleCheck size={18} aria-hidden className={classes.ok} />
          {savedAt ? t('note.state.saved', { time: timeOf(savedAt, locale) }) : t('note.state.savedEarlier')}
        </>
      );
      break;
    case 'retrying':
      content = (
        <span className={classes.problem}>
          {online ? <IconAlertTriangle size={18} aria-hidden /> : <IconWifiOff size={18} aria-hidden />}
          {t(online ? 'note.state.retrying' : 'note.state.offline')}
        </span>
      );
      break;
    case 'failed':
      content = (
        <span className={classes.problem}>
          <IconAlertTriangle size={18} aria-hidden />
          {t('note.state.failed')}{' '}
          {state.error instanceof ApiError ? t(apiErrorMessageKeys(state.error)) : t('errors:unknown')}
        </span>
      );
      break;
    default:
      content = null;
  }
  return (
    <div role="status" aria-live="polite" className={classes.noteStatus}>
      {content}
    </div>
  );
}

/** Lets a blocked navigation through, once (see `useLeaveGuard`). */
function proceedOnce(blocker: Blocker, proceeded: React.RefObject<boolean>) {
  if (proceeded.current) return;
  proceeded.current = true;
  blocker.proceed?.();
}

/**
 * Moving to another page while typed text has not reached the server: what waits is sent first, and
 * only a text the server has not taken (offline, refused) makes the page ask — stay and keep it, or
 * leave and drop it. Closing the tab asks the browser's way (`beforeunload` in `RequestNote`). The
 * question is the page's own dialog, not a lazily loaded one: it must open offline too.
 */
function useLeaveGuard(autosaveRef: React.RefObject<NoteAutosave | null>, state: NoteSaveState) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && !!autosaveRef.current?.hasUnsavedChanges(),
  );
  const blocked = blocker.state === 'blocked';
  const refused = state.kind === 'retrying' || state.kind === 'failed';
  // A blocked navigation is let through once: the page may render again (and a person may click twice)
  // before the router's state leaves 'blocked', and a second `proceed` throws ("proceeding -> proceeding").
  const proceeded = useRef(false);
  useEffect(() => {
    if (!blocked) {
      proceeded.current = false;
      return;
    }
    const autosave = autosaveRef.current;
    if (!autosave?.hasUnsavedChanges()) proceedOnce(blocker, proceeded);
    // Typed and waiting: sent now; a save on its way is waited for (this runs again on its answer).
    else if (!refused && state.kind !== 'saving') autosave.flush();
  }, [autosaveRef, blocked, blocker, refused, state.kind]);
  return {
    ask: blocked && refused,
    stay: () => blocker.reset?.(),
    leave: () => {
      autosaveRef.current?.discard();
      proceedOnce(blocker, proceeded);
    },
  };
}

function LeaveDialog({ guard }: { guard: ReturnType<typeof useLeaveGuard> }) {
  const { t } = useTranslation('provider-request');
  return (
    <DetailDialog opened={guard.ask} onClose={guard.stay} title={t('note.leave.title')}>
      <Text>{t('note.leave.message')}</Text>
      <Group justify="flex-end" mt="xl" gap="sm">
        <Button variant="default" data-autofocus onClick={guard.stay}>
          {t('note.leave.stay')}
        </Button>
        <Button color="red.9" onClick={guard.leave}>
          {t('note.leave.leave')}
        </Button>
      </Group>
    </DetailDialog>
  );
}

/**
 * The internal note (SPEC §3): saved as the person types (`createNoteAutosave`), one save in flight,
 * each over the version it was typed on. A save over a colleague's newer text still lands (last write
 * wins), and the text it replaced is shown here with a way to take it back in — nothing goes
 * silently. A save that may pass is retried, the person is told, and leaving the page while the text
 * has not reached the server asks first (`useLeaveGuard`).
 */
export function RequestNote({ providerId, request }: { providerId: string; request: ProviderCareRequest }) {
  const { t } = useTranslation('provider-request');
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const { online } = useNetwork();
  const fieldId = useId();
  const [text, setText] = useState(request.note.text);
  const [state, setState] = useState<NoteSaveState>({ kind: 'idle' });
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const [overwritten, setOverwritten] = useState<Overwritten | null>(null);
  const autosaveRef = useRef<NoteAutosave | null>(null);
  const queryKey = providerRequestQueryOptions(providerId, request.id).queryKey;

  // One autosave per request, for as long as the page shows it, set up with the note as first loaded;
  // the note's later versions arrive through `adopt` below.
  useEffect(() => {
    let savedOnce = false;
    const autosave = createNoteAutosave({
      send: (noteText, baseVersion) =>
        saveProviderNote(providerId, request.id, { text: noteText, baseVersion }),
      text: request.note.text,
      version: request.note.version,
      onState: setState,
      onSaved: (saved) => {
        setSavedAt(saved.updatedDate);
        if (saved.overwritten) setOverwritten(saved.overwritten);
        // The detail in the cache keeps the saved note: a later read of it is not mistaken for a colleague's.
        const firstSave = !savedOnce;
        savedOnce = true;
        queryClient.setQueryData(queryKey, (current) =>
          current
            ? {
                ...current,
                note: {
                  text: saved.text,
                  version: saved.version,
                  updatedDate: saved.updatedDate,
                  updatedBy: saved.updatedBy,
                },
              }
            : current,
        );
        // A replaced text and a page's first save add to the history: it is read again to show them.
        if (saved.overwritten || firstSave) void queryClient.invalidateQueries({ queryKey });
      },
    });
    autosaveRef.current = autosave;
    autosave.start();
    const onHidden = () => {
      if (window.document.visibilityState === 'hidden') autosave.flush();
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      autosave.flush();
      if (autosave.hasUnsavedChanges()) event.preventDefault();
    };
    window.document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('beforeunload', onBeforeUnload);
      // Leaving the page: what waits goes now, and a save that cannot get through yet is retried on
      // after the page is gone (while the tab is open), so moving on within the app loses nothing.
      autosave.finishInBackground();
      autosaveRef.current = null;
    };
  }, [providerId, request.id]);

  // A colleague's newer note (the detail read again) replaces the text only while nothing typed waits.
  useEffect(() => {
    const autosave = autosaveRef.current;
    if (!autosave) return;
    const before = autosave.version();
    autosave.adopt(request.note.text, request.note.version);
    if (autosave.version() !== before) setText(request.note.text);
  }, [request.note.text, request.note.version]);

  const leaveGuard = useLeaveGuard(autosaveRef, state);

  const change = (value: string) => {
    setText(value);
    autosaveRef.current?.change(value);
  };

  const lastEdit = request.note.updatedDate && request.note.updatedBy && state.kind === 'idle';

  return (
    <DetailCard id="note-title" title={t('note.title')}>
      <LeaveDialog guard={leaveGuard} />
      <Stack gap="xs">
        <Textarea
          id={fieldId}
          // The card's heading names it, visibly.
          aria-labelledby="note-title"
          description={t('note.description')}
          value={text}
          onChange={(event) => change(event.currentTarget.value)}
          onBlur={() => autosaveRef.current?.flush()}
          autosize
          minRows={4}
          maxRows={16}
          maxLength={providerNoteMaxLength}
        />
        <Group justify="space-between" gap="xs" wrap="wrap">
          <NoteStatus state={state} savedAt={savedAt} online={online} />
          {state.kind === 'retrying' || state.kind === 'failed' ? (
            <Button
              variant="default"
              size="compact-sm"
              leftSection={<IconRefresh size={16} aria-hidden />}
              onClick={() => autosaveRef.current?.flush()}
            >
              {t('note.retryNow')}
            </Button>
          ) : null}
        </Group>
        {lastEdit ? (
          <Text size="sm" c="dimmed">
            {t('note.lastEdit', {
              name: request.note.updatedBy,
              date: formatDateTime(request.note.updatedDate ?? '', locale),
            })}
          </Text>
        ) : null}
        {overwritten ? (
          <Alert
            color="yellow"
            variant="light"
            // Long words and buttons wrap inside the narrow column rather than running out of the box.
            classNames={{ body: classes.alertBody }}
            icon={<IconAlertTriangle aria-hidden />}
            title={t('note.overwritten.title')}
          >
            <Stack gap="sm">
              <Text size="sm">
                {overwritten.updatedBy
                  ? t('note.overwritten.text', { name: overwritten.updatedBy })
                  : t('note.overwritten.textUnknown')}
              </Text>
              <blockquote className={classes.replaced}>{overwritten.text}</blockquote>
              <Group gap="xs">
                <Button
                  size="compact-sm"
                  variant="default"
                  {...wrappingButton}
                  onClick={() => {
                    change(text ? `${text}\n\n${overwritten.text}` : overwritten.text);
                    setOverwritten(null);
                  }}
                >
                  {t('note.overwritten.copy')}
                </Button>
                <Button size="compact-sm" variant="subtle" onClick={() => setOverwritten(null)}>
                  {t('note.overwritten.dismiss')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : null}
      </Stack>
    </DetailCard>
  );
}
