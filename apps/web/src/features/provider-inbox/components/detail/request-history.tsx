import { Text } from '@mantine/core';
import type { ProviderRequestEvent } from '@opora/contracts';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { formatDateTime } from '@/shared-features/requests/dates.ts';
import classes from './detail.module.css';

/** What an entry of the history says happened. */
function EventText({ event }: { event: ProviderRequestEvent }) {
  const { t } = useTranslation(['provider-request', 'enums']);
  const status = (code: NonNullable<ProviderRequestEvent['status']>) => t(`enums:careRequestStatus.${code}`);
  switch (event.kind) {
    case 'created':
      return t('history.created');
    case 'status-changed':
      if (!event.status) return t('history.updated');
      return event.fromStatus
        ? t('history.statusChanged', { from: status(event.fromStatus), to: status(event.status) })
        : t('history.statusSet', { to: status(event.status) });
    case 'note-changed':
      return t(event.replacedNote ? 'history.noteReplaced' : 'history.noteChanged');
    case 'document-added':
      return t('history.documentAdded', { name: event.documentName ?? '' });
    case 'document-removed':
      return t('history.documentRemoved', { name: event.documentName ?? '' });
    case 'survey-answered':
      return t('history.surveyAnswered');
    case 'assigned': {
      const whom = [event.assignee?.colleague?.fullName, event.assignee?.facility?.name]
        .filter(Boolean)
        .join(' · ');
      return whom ? t('history.assigned', { whom }) : t('history.unassigned');
    }
    case 'reminder-sent':
      return t('history.reminderSent');
    case 'escalated':
      return t('history.escalated');
    default:
      return t('history.updated');
  }
}

/**
 * The append-only event log (SPEC §3): what happened, when (Prague time, the reader's language), who
 * — a person, the requester, or the platform's own reminders and expiry — and why.
 */
export function RequestHistory({ events }: { events: readonly ProviderRequestEvent[] }) {
  const { t } = useTranslation(['provider-request', 'enums']);
  const { locale } = useLocale();
  if (events.length === 0) return <Text>{t('history.empty')}</Text>;
  return (
    <ol className={classes.timeline}>
      {[...events].reverse().map((event) => (
        <li key={event.id} data-kind={event.kind}>
          <Text fw={600}>
            <EventText event={event} />
          </Text>
          {event.reason ? (
            <Text size="sm">
              {t('history.reason', { reason: t(`enums:careRequestDeclineReason.${event.reason}`) })}
              {event.reasonText ? <span className={classes.preWrap}> – {event.reasonText}</span> : null}
            </Text>
          ) : null}
          {event.replacedNote ? (
            <blockquote className={classes.replaced}>{event.replacedNote}</blockquote>
          ) : null}
          <Text size="sm" c="dimmed">
            <time dateTime={event.eventDate}>{formatDateTime(event.eventDate, locale)}</time> ·{' '}
            {event.actor === 'platform'
              ? t('history.platform')
              : event.actor === 'requester'
                ? `${event.createdBy ?? ''} (${t('history.requester')})`
                : (event.createdBy ?? t('history.platform'))}
          </Text>
        </li>
      ))}
    </ol>
  );
}
