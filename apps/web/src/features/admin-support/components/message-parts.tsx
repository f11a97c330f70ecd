import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type SupportMessage, supportMessageRetentionMonths } from '@opora/contracts';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Field, FieldList } from '@/components/ui/field-list.tsx';
import { Section } from '@/components/ui/section.tsx';
import { WarningAlert } from '@/components/ui/warning-alert.tsx';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { formatDateTime } from '@/shared-features/requests/dates.ts';
import { deletionDate, receivedText } from '../utils/format.ts';
import classes from './support.module.css';

// The message's page in parts that only show what they are given. What people typed (the sender's
// message, staff's replies) is always rendered as text with its line breaks, never as HTML.

/** The sender's message: who wrote it, from which address, when, and the whole text. */
export function MessageCard({ message }: { message: SupportMessage }) {
  const { t } = useTranslation('admin-support');
  const { locale } = useLocale();
  return (
    <Section title={t('message.title')} headingId="message-title">
      <FieldList>
        <Field label={t('message.from')}>{message.name}</Field>
        <Field label={t('message.email')}>{message.email}</Field>
        <Field label={t('message.receivedAt')}>{receivedText(message.receivedAt, locale)}</Field>
      </FieldList>
      <blockquote className={classes.quote}>
        <p className={classes.text}>{message.text}</p>
      </blockquote>
    </Section>
  );
}

/** The replies sent so far, oldest first: who, when, in which language, what. */
export function RepliesList({ message }: { message: SupportMessage }) {
  const { t } = useTranslation('admin-support');
  const { locale } = useLocale();
  const count = message.replies.length;
  return (
    <Section
      title={count === 0 ? t('replies.title') : t('replies.titleCount', { count })}
      headingId="replies-title"
    >
      {count === 0 ? (
        <Text>{message.status === 'closed' ? t('replies.noneClosed') : t('replies.none')}</Text>
      ) : (
        <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
          {message.replies.map((reply) => (
            <Paper component="li" key={reply.id} withBorder radius="sm" p="md">
              <Stack gap="xs">
                <Group gap="xs" justify="space-between" align="baseline">
                  <Text fw={600} className={classes.wrap}>
                    {reply.by}
                  </Text>
                  <Text size="sm" c="dark.6">
                    {formatDateTime(reply.at, locale)}
                  </Text>
                </Group>
                <Text size="sm" c="dark.6">
                  {t('replies.language', { language: t(`language.${reply.locale}`) })}
                </Text>
                <p className={classes.text}>{reply.text}</p>
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
    </Section>
  );
}

/**
 * A closed message: since when, that it takes no more replies, when it is deleted. Just after it was
 * closed (here or, refusing a reply, by a colleague), `headingRef` takes the focus the form had.
 */
export function ClosedNotice({
  message,
  headingRef,
}: {
  message: SupportMessage;
  headingRef?: React.Ref<HTMLHeadingElement>;
}) {
  const { t } = useTranslation('admin-support');
  const { locale } = useLocale();
  return (
    <Paper
      component="section"
      aria-labelledby="closed-title"
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      className={classes.closedNotice}
    >
      <Group gap="md" align="flex-start" wrap="nowrap">
        <IconLock size={28} aria-hidden style={{ flex: 'none' }} />
        <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
          <Title order={2} size="h3" id="closed-title" ref={headingRef} tabIndex={-1}>
            {t('closed.title')}
          </Title>
          <Text>
            {message.closedAt
              ? t('closed.text', {
                  date: formatDateTime(message.closedAt, locale),
                  deleteDate: deletionDate(message.closedAt),
                })
              : t('closed.textUndated', { period: t('retention', { count: supportMessageRetentionMonths }) })}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

/** A reply refused because the message was closed meanwhile: said, with the text to copy elsewhere. */
export function UnsentReply({ text }: { text: string }) {
  const { t } = useTranslation('admin-support');
  return (
    <WarningAlert role="alert" title={t('reply.closedMeanwhile.title')}>
      <Stack gap="sm">
        <Text>{t('reply.closedMeanwhile.text')}</Text>
        <blockquote className={classes.quote}>
          <p className={classes.text}>{text}</p>
        </blockquote>
      </Stack>
    </WarningAlert>
  );
}
