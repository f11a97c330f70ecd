import { Text } from '@mantine/core';
import type { AssistantQueueItem } from '@opora/contracts';
import { useTranslation } from 'react-i18next';
import classes from './assistants.module.css';
import { EmailLink, PhoneLink } from './contact-lines.tsx';
import { Fact, Facts } from './facts.tsx';
import { Section } from './section.tsx';

/** The subscriber (the carer) who handed the case over, and how and when they want to be contacted. */
export function SubscriberSection({ task }: { task: AssistantQueueItem }) {
  const { t } = useTranslation('admin-assistants');
  const notGiven = (
    <Text span c="dark.6">
      {t('notGiven')}
    </Text>
  );
  return (
    <Section title={t('subscriber.title')} headingId="task-subscriber">
      <Facts>
        <Fact label={t('subscriber.name')}>{task.user.fullName}</Fact>
        <Fact label={t('subscriber.channel')}>{t(`subscriber.channelValue.${task.contactChannel}`)}</Fact>
        <Fact label={t('subscriber.phone')}>
          {task.user.phone ? <PhoneLink phone={task.user.phone} /> : notGiven}
        </Fact>
        <Fact label={t('subscriber.email')}>
          <EmailLink email={task.user.email} />
        </Fact>
        <Fact label={t('subscriber.preferredTime')}>{task.preferredTime ?? notGiven}</Fact>
        <Fact label={t('subscriber.note')}>
          {task.note ? <span className={classes.typed}>{task.note}</span> : notGiven}
        </Fact>
      </Facts>
    </Section>
  );
}
