import { Anchor, Text } from '@mantine/core';
import type { AssistantQueueItem } from '@opora/contracts';
import { useTranslation } from 'react-i18next';
import { formatPhone } from '@/lib/format.ts';
import classes from './assistants.module.css';

/** A phone number as a link that dials it. */
export function PhoneLink({ phone }: { phone: string }) {
  return (
    <Anchor href={`tel:${phone}`} inherit className={classes.phone}>
      {formatPhone(phone)}
    </Anchor>
  );
}

export function EmailLink({ email }: { email: string }) {
  return (
    <Anchor href={`mailto:${email}`} inherit className={classes.email}>
      {email}
    </Anchor>
  );
}

/**
 * Who handed a task over and how they want to be reached, as the queue lists it: the name, the chosen
 * channel with its number or address, the time that suits them and their note.
 */
export function ContactLines({ item }: { item: AssistantQueueItem }) {
  const { t } = useTranslation('admin-assistants');
  const { user } = item;
  const byPhone = item.contactChannel === 'phone' && user.phone !== null;
  return (
    <>
      <Text fw={600} className={classes.wrap}>
        {user.fullName}
      </Text>
      <Text size="sm">
        {t(`contact.prefers.${item.contactChannel}`)}:{' '}
        {byPhone && user.phone ? <PhoneLink phone={user.phone} /> : <EmailLink email={user.email} />}
      </Text>
      {item.preferredTime ? (
        <Text size="sm" className={classes.wrap}>
          {t('contact.preferredTime', { time: item.preferredTime })}
        </Text>
      ) : null}
      {item.note ? (
        <Text size="sm" c="dark.6" className={classes.typed}>
          {t('contact.note', { note: item.note })}
        </Text>
      ) : null}
    </>
  );
}
