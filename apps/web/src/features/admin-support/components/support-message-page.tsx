import { Anchor, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { SupportMessage } from '@opora/contracts';
import { IconArrowLeft, IconLock, IconUserCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs, useParams } from 'react-router';
import { confirm } from '@/components/overlays/confirm.tsx';
import { toast } from '@/components/overlays/toast.tsx';
import { AsyncButton, type AsyncOutcome } from '@/components/ui/async-button.tsx';
import { isMissing, LoadError, LoadingState, NotFoundState } from '@/components/ui/page-states.tsx';
import { Section } from '@/components/ui/section.tsx';
import { paths } from '@/config/paths.ts';
// The console's frame is the admin feature's: a crossing of the feature boundary until it moves to shared-features/.
import { ApiError } from '@/lib/api-client.ts';
import { apiErrorMessageKeys } from '@/lib/api-error-message.ts';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { queryClient } from '@/lib/query-client.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { assignSupportMessage } from '../api/assign-support-message.ts';
import { closeSupportMessage } from '../api/close-support-message.ts';
import {
  storeSupportMessage,
  supportMessageQueryOptions,
  useSupportMessage,
} from '../api/get-support-message.ts';
import { deletionDate, receivedText } from '../utils/format.ts';
import { ClosedNotice, MessageCard, RepliesList, UnsentReply } from './message-parts.tsx';
import { ReplyForm } from './reply-form.tsx';
import { SupportStatusBadge } from './status-badge.tsx';
import classes from './support.module.css';

function BackToInbox() {
  const { t } = useTranslation('admin-support');
  return (
    <Anchor component={Link} to={paths.adminSupport.getHref()} fw={600}>
      <Group gap={4} component="span" style={{ display: 'inline-flex' }}>
        <IconArrowLeft size={18} aria-hidden />
        {t('detail.back')}
      </Group>
    </Anchor>
  );
}

/**
 * `/admin/support/:messageId` (issue 25 §4): the message as the sender wrote it, who handles it (take
 * it), the replies so far, the reply form and closing. A closed message is read-only.
 */
export function SupportMessagePage() {
  const { t } = useTranslation('admin-support');
  const { messageId = '' } = useParams();
  const message = useSupportMessage(messageId);
  usePageTitle(message.data ? t('detail.documentTitle', { name: message.data.name }) : null);

  let body: React.ReactNode;
  if (message.isError) {
    body = isMissing(message.error) ? (
      <NotFoundState title={t('detail.notFound.title')} text={t('detail.notFound.text')}>
        <BackToInbox />
      </NotFoundState>
    ) : (
      <Stack gap="lg" align="flex-start">
        <BackToInbox />
        <LoadError
          title={t('detail.error.title')}
          text={t('detail.error.text')}
          retryLabel={t('detail.error.retry')}
          retrying={message.isFetching}
          onRetry={() => void message.refetch()}
        />
      </Stack>
    );
  } else if (message.data) {
    body = <MessageDetail message={message.data} onReload={() => message.refetch()} />;
  } else {
    body = (
      <LoadingState label={t('detail.loading')}>
        <Stack gap="md">
          <Skeleton height={40} width="50%" />
          <Skeleton height={320} radius="md" />
        </Stack>
      </LoadingState>
    );
  }
  return body;
}

function MessageDetail({ message, onReload }: { message: SupportMessage; onReload: () => Promise<unknown> }) {
  const { t } = useTranslation(['admin-support', 'common']);
  const { locale } = useLocale();
  const [draft, setDraft] = useState(false);
  const [unsent, setUnsent] = useState<string | null>(null);
  const closedHeading = useRef<HTMLHeadingElement>(null);
  const [focusClosed, setFocusClosed] = useState(false);
  const closed = message.status === 'closed';
  useEffect(() => {
    if (closed && focusClosed) closedHeading.current?.focus();
  }, [closed, focusClosed]);

  const onClosedMeanwhile = useCallback(
    async (text: string) => {
      setUnsent(text);
      setFocusClosed(true);
      await onReload();
    },
    [onReload],
  );

  return (
    <Stack gap="lg">
      <BackToInbox />
      <Stack gap="xs">
        <Text c="dark.6" fw={600}>
          {t('common:routes.adminSupportMessage.title')}
        </Text>
        <Title order={1} className={classes.wrap}>
          {message.name}
        </Title>
        <Group gap="sm">
          <SupportStatusBadge status={message.status} />
          <Text size="sm" c="dark.6">
            {t('detail.received', { when: receivedText(message.receivedAt, locale) })}
          </Text>
        </Group>
      </Stack>
      {closed ? <ClosedNotice message={message} headingRef={closedHeading} /> : null}
      {unsent ? <UnsentReply text={unsent} /> : null}
      <div className={classes.layout}>
        <div className={classes.aside}>
          <Handling
            message={message}
            draft={draft}
            onClosed={() => setFocusClosed(true)}
            onReload={onReload}
          />
        </div>
        <Stack gap="lg" className={classes.main}>
          <MessageCard message={message} />
          <RepliesList message={message} />
          {closed ? null : (
            <ReplyForm message={message} onDraft={setDraft} onClosedMeanwhile={onClosedMeanwhile} />
          )}
        </Stack>
      </div>
    </Stack>
  );
}

/** One of the handling's actions: busy while it runs, then its outcome on the button. */
function useAction() {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<AsyncOutcome | null>(null);
  const run = async (work: () => Promise<boolean>) => {
    if (busy) return;
    setBusy(true);
    let ok = false;
    try {
      ok = await work();
    } finally {
      setBusy(false);
      setOutcome((previous) => ({ ok, id: (previous?.id ?? 0) + 1 }));
    }
  };
  return { run, button: { busy, outcome } };
}

/**
 * Who handles the message and what may be done: take it (from whoever had it: support is a team) and
 * close it once it is dealt with, after a confirmation.
 */
function Handling({
  message,
  draft,
  onClosed,
  onReload,
}: {
  message: SupportMessage;
  draft: boolean;
  onClosed: () => void;
  onReload: () => Promise<unknown>;
}) {
  const { t } = useTranslation(['admin-support', 'errors']);
  const cache = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  const take = useAction();
  const close = useAction();
  const closed = message.status === 'closed';
  const assignee = message.assignedTo?.name ?? null;
  const mine = message.mine;

  const fail = (error: unknown) => {
    toast.error(error instanceof ApiError ? t(apiErrorMessageKeys(error)) : t('errors:unknown'));
    // Closed meanwhile by a colleague: the page shows it so.
    if (error instanceof ApiError && error.code === 'SupportMessageClosed') void onReload();
    return false;
  };

  const takeIt = () =>
    take.run(async () => {
      try {
        const taken = await assignSupportMessage(message.id);
        await storeSupportMessage(cache, taken);
        toast.success(t('handling.takenToast', { name: message.name }));
        // The button is gone: the focus goes to the part that now names the person.
        heading.current?.focus();
        return true;
      } catch (error) {
        return fail(error);
      }
    });

  const closeIt = async () => {
    const confirmed = await confirm({
      title: t('handling.confirmClose.title'),
      message: (
        <>
          <Text>
            {t('handling.confirmClose.message', {
              name: message.name,
              deleteDate: deletionDate(new Date().toISOString()),
            })}
          </Text>
          {draft ? (
            <Text mt="sm" fw={600}>
              {t('handling.confirmClose.draft')}
            </Text>
          ) : null}
        </>
      ),
      confirmLabel: t('handling.confirmClose.confirm'),
      danger: true,
    });
    if (!confirmed) return;
    await close.run(async () => {
      try {
        const done = await closeSupportMessage(message.id);
        onClosed();
        await storeSupportMessage(cache, done);
        toast.success(t('handling.closedToast', { name: message.name }));
        return true;
      } catch (error) {
        return fail(error);
      }
    });
  };

  return (
    <Section title={t('handling.title')} headingId="handling-title" headingRef={heading}>
      <dl className={classes.facts}>
        <dt>{t('handling.status')}</dt>
        <dd>
          <SupportStatusBadge status={message.status} />
        </dd>
        <dt>{t('handling.assignedTo')}</dt>
        <dd>
          {assignee === null ? t('handling.nobody') : mine ? t('handling.you', { name: assignee }) : assignee}
        </dd>
      </dl>
      {closed ? null : (
        <Stack gap="md" align="flex-start">
          {mine ? null : (
            <Stack gap={6} align="flex-start">
              <AsyncButton
                leftSection={<IconUserCheck size={18} aria-hidden />}
                onClick={() => void takeIt()}
                {...take.button}
              >
                {t('handling.take')}
              </AsyncButton>
              <Text size="sm" c="dark.6">
                {assignee === null ? t('handling.takeHint') : t('handling.takeOverHint', { name: assignee })}
              </Text>
            </Stack>
          )}
          <Stack gap={6} align="flex-start">
            <AsyncButton
              variant="default"
              leftSection={<IconLock size={18} aria-hidden />}
              onClick={() => void closeIt()}
              {...close.button}
            >
              {t('handling.close')}
            </AsyncButton>
            <Text size="sm" c="dark.6">
              {t('handling.closeHint')}
            </Text>
          </Stack>
        </Stack>
      )}
    </Section>
  );
}

/** The route's loader calls it (app/router.tsx): the message is read with the page's code. */
export function prefetch(args: LoaderFunctionArgs): void {
  const { messageId } = args.params;
  if (messageId) void queryClient.prefetchQuery(supportMessageQueryOptions(messageId));
}
