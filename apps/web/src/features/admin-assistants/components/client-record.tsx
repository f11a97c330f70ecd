import { Text } from '@mantine/core';
import { type Client, type ClientPerson, formatDisplayDate } from '@opora/contracts';
import { useTranslation } from 'react-i18next';
import { EmailLink, PhoneLink } from './contact-lines.tsx';
import { Fact, Facts } from './facts.tsx';
import { Section } from './section.tsx';

/**
 * The client's record, read-only and compact: only what the task's answer carries (health-adjacent
 * data the carer shared for this case; every read of it is audited).
 */
export function ClientRecord({ client }: { client: Client | null }) {
  const { t } = useTranslation('admin-assistants');
  const notGiven = (
    <Text span c="dark.6">
      {t('notGiven')}
    </Text>
  );
  const person = (value: ClientPerson | null) =>
    value ? (
      <>
        {value.fullName}
        {value.phone ? (
          <>
            {', '}
            <PhoneLink phone={value.phone} />
          </>
        ) : null}
      </>
    ) : (
      notGiven
    );
  return (
    <Section title={t('client.title')} headingId="task-client">
      {client ? (
        <>
          <Text size="sm" c="dark.6">
            {t('client.hint')}
          </Text>
          <Facts>
            <Fact label={t('client.name')}>{client.fullName}</Fact>
            <Fact label={t('client.dateOfBirth')}>
              {client.dateOfBirth ? formatDisplayDate(client.dateOfBirth) : notGiven}
            </Fact>
            <Fact label={t('client.residence')}>{client.residence?.fullAddress ?? notGiven}</Fact>
            {client.serviceAddressDiffers && client.serviceAddress ? (
              <Fact label={t('client.serviceAddress')}>{client.serviceAddress.fullAddress}</Fact>
            ) : null}
            <Fact label={t('client.phone')}>
              {client.phone ? <PhoneLink phone={client.phone} /> : notGiven}
            </Fact>
            {client.email ? (
              <Fact label={t('client.email')}>
                <EmailLink email={client.email} />
              </Fact>
            ) : null}
            <Fact label={t('client.contactPerson')}>{person(client.contactPerson)}</Fact>
            <Fact label={t('client.attendingDoctor')}>{person(client.attendingDoctor)}</Fact>
          </Facts>
        </>
      ) : (
        <Text>{t('client.missing')}</Text>
      )}
    </Section>
  );
}
