import { Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { type AssistantTaskEntry, formatDisplayDate } from '@opora/contracts';
import {
  type Icon,
  IconArrowBackUp,
  IconCircleCheck,
  IconPhoneCall,
  IconSend,
  IconUserCheck,
  IconUserShare,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { formatDateTime } from '@/shared-features/requests/dates.ts';
import { inTimeOrder } from '../utils/format.ts';
import classes from './assistants.module.css';
import { Section } from './section.tsx';

const entryIcons: Record<AssistantTaskEntry['kind'], Icon> = {
  claimed: IconUserCheck,
  released: IconArrowBackUp,
  reassigned: IconUserShare,
  call: IconPhoneCall,
  'request-sent': IconSend,
  closed: IconCircleCheck,
};

/**
 * What happened on the task, in time order: taken, given back or to another assistant (from whom, to
 * whom), calls with their outcome and note, requests, closed.
 */
export function TaskHistory({ entries }: { entries: readonly AssistantTaskEntry[] }) {
  const { t } = useTranslation('admin-assistants');
  return (
    <Section title={t('history.title')} headingId="task-history">
      {entries.length === 0 ? (
        <Text>{t('history.empty')}</Text>
      ) : (
        <ol className={classes.history}>
          {inTimeOrder(entries).map((entry) => (
            <li key={entry.id}>
              <HistoryEntry entry={entry} />
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}

function HistoryEntry({ entry }: { entry: AssistantTaskEntry }) {
  const { t } = useTranslation('admin-assistants');
  const { locale } = useLocale();
  const EntryIcon = entryIcons[entry.kind];
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon variant="light" color="gray" c="gray.8" size={32} radius="xl" aria-hidden>
        <EntryIcon size={18} />
      </ThemeIcon>
      <Stack gap={2} miw={0}>
        <Text fw={600}>{t(`history.entry.${entry.kind}`)}</Text>
        {entry.assignedTo ? (
          <Text className={classes.wrap}>{t('history.assignedTo', { name: entry.assignedTo })}</Text>
        ) : null}
        {/* Said when someone other than the claimant moved the claim. */}
        {entry.releasedFrom && entry.releasedFrom !== entry.by ? (
          <Text className={classes.wrap}>{t('history.releasedFrom', { name: entry.releasedFrom })}</Text>
        ) : null}
        {entry.service ? (
          <Text className={classes.wrap}>
            {entry.service.providerName} – {entry.service.name}
          </Text>
        ) : null}
        {entry.outcome ? (
          <Text>{t('history.outcome', { outcome: t(`outcome.${entry.outcome}`) })}</Text>
        ) : null}
        {entry.followUpOn ? (
          <Text>{t('history.followUp', { date: formatDisplayDate(entry.followUpOn) })}</Text>
        ) : null}
        {entry.note ? <Text className={classes.typed}>{t('history.note', { note: entry.note })}</Text> : null}
        <Text size="sm" c="dark.6">
          {t('history.meta', { when: formatDateTime(entry.at, locale), name: entry.by })}
        </Text>
      </Stack>
    </Group>
  );
}
