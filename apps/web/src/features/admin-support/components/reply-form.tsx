import { Button, Group, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { type Locale, type SupportMessage, SupportReplySchema } from '@opora/contracts';
import { IconSend } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type Blocker, useBlocker } from 'react-router';
import { DetailDialog } from '@/components/overlays/detail-dialog.tsx';
import { toast } from '@/components/overlays/toast.tsx';
import { AsyncButton } from '@/components/ui/async-button.tsx';
import { Section } from '@/components/ui/section.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useContractForm } from '@/lib/forms/use-contract-form.ts';
import { storeSupportMessage } from '../api/get-support-message.ts';
import { replySupportMessage } from '../api/reply-support-message.ts';

/** The languages a reply may be written in, the default first (the form does not know the sender's). */
export const replyLocales: readonly Locale[] = ['cs', 'sk', 'en'];

type Values = { text: string; locale: string };

/** Lets a blocked navigation through, once: a second `proceed` throws ("proceeding -> proceeding"). */
function proceedOnce(blocker: Blocker, proceeded: React.RefObject<boolean>) {
  if (proceeded.current) return;
  proceeded.current = true;
  blocker.proceed?.();
}

/**
 * A reply typed and not sent: moving to another page asks first (stay and finish it, or leave and drop
 * it), as the request note does; closing the tab asks the browser's way.
 */
function useLeaveGuard(unsent: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => unsent && currentLocation.pathname !== nextLocation.pathname,
  );
  const blocked = blocker.state === 'blocked';
  const proceeded = useRef(false);
  useEffect(() => {
    if (!blocked) proceeded.current = false;
    // Sent or cleared meanwhile: nothing to ask about.
    else if (!unsent) proceedOnce(blocker, proceeded);
  }, [blocked, blocker, unsent]);
  useEffect(() => {
    if (!unsent) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [unsent]);
  return {
    ask: blocked && unsent,
    stay: () => blocker.reset?.(),
    leave: () => proceedOnce(blocker, proceeded),
  };
}

function LeaveDialog({ guard }: { guard: ReturnType<typeof useLeaveGuard> }) {
  const { t } = useTranslation('admin-support');
  return (
    <DetailDialog opened={guard.ask} onClose={guard.stay} title={t('reply.leave.title')}>
      <Text>{t('reply.leave.message')}</Text>
      <Group justify="flex-end" mt="xl" gap="sm">
        <Button variant="default" data-autofocus onClick={guard.stay}>
          {t('reply.leave.stay')}
        </Button>
        <Button color="red.9" onClick={guard.leave}>
          {t('reply.leave.leave')}
        </Button>
      </Group>
    </DetailDialog>
  );
}

/**
 * The reply (decision 0124): an e-mail to the sender in the language chosen, quoting their message.
 * Sent, it is said in a toast, the form clears and the replies list it. Refused because a colleague
 * closed the message meanwhile (409), the text goes to `onClosedMeanwhile`, which keeps it on the page.
 * `onDraft` says whether text waits unsent (closing the message asks about it).
 */
export function ReplyForm({
  message,
  onDraft,
  onClosedMeanwhile,
}: {
  message: SupportMessage;
  onDraft: (unsent: boolean) => void;
  onClosedMeanwhile: (text: string) => Promise<unknown>;
}) {
  const { t } = useTranslation('admin-support');
  const queryClient = useQueryClient();
  const { form, onSubmit, submitButton } = useContractForm({
    schema: SupportReplySchema,
    mode: 'controlled',
    initialValues: { text: '', locale: 'cs' } as Values,
    submit: (body, { signal }) => replySupportMessage(message.id, body, signal),
    onSuccess: async (answered, body) => {
      toast.success(t('reply.sentToast', { email: message.email, language: t(`language.${body.locale}`) }));
      form.setValues({ text: '', locale: body.locale });
      form.resetDirty();
      await storeSupportMessage(queryClient, answered);
    },
    onError: (error) => {
      if (!(error instanceof ApiError) || error.code !== 'SupportMessageClosed') return false;
      const text = form.values.text;
      form.setFieldValue('text', '');
      void onClosedMeanwhile(text);
      return true;
    },
  });

  const unsent = form.values.text.trim() !== '';
  useEffect(() => onDraft(unsent), [onDraft, unsent]);
  const guard = useLeaveGuard(unsent);

  return (
    <Section title={t('reply.title')} headingId="reply-title">
      <LeaveDialog guard={guard} />
      <form noValidate onSubmit={onSubmit} aria-labelledby="reply-title">
        <Stack gap="md">
          <Textarea
            label={t('reply.text')}
            description={t('reply.textHint', { email: message.email })}
            withAsterisk
            autosize
            minRows={6}
            maxRows={20}
            maxLength={10_000}
            {...form.getInputProps('text')}
          />
          <NativeSelect
            label={t('reply.locale')}
            description={t('reply.localeHint')}
            data={replyLocales.map((locale) => ({ value: locale, label: t(`language.${locale}`) }))}
            maw={320}
            {...form.getInputProps('locale')}
          />
          <div>
            <AsyncButton type="submit" leftSection={<IconSend size={18} aria-hidden />} {...submitButton}>
              {t('reply.submit')}
            </AsyncButton>
          </div>
        </Stack>
      </form>
    </Section>
  );
}
