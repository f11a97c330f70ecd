import { Badge, Button, Card, Group, Stack, Title } from '@mantine/core';
import { formatDisplayDate, type MyClient } from '@opora/contracts';
import { IconArrowRight, IconCalendar, IconMapPin, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardFact, cardClasses } from '@/components/ui/card-parts.tsx';
import { paths } from '@/config/paths.ts';
import { ageOn } from '../utils/person.ts';
import classes from './clients.module.css';

/** One of the carer's clients on the dashboard: who, how old, where, how related, and what is going on. */
export function ClientCard({ client }: { client: MyClient }) {
  const { t } = useTranslation(['clients', 'enums']);
  const href = paths.dashboardClient.getHref({ id: client.id });
  const age = client.dateOfBirth ? ageOn(client.dateOfBirth) : null;
  const relationship = client.relationshipType
    ? client.relationshipType.code === 'self'
      ? t('card.self')
      : t(`enums:relationshipType.${client.relationshipType.code}`)
    : null;

  return (
    <Card component="article" withBorder radius="md" padding="lg" className={classes.clientCard}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Title order={2} className={cardClasses.title}>
            <Link to={href} className={cardClasses.link}>
              {client.fullName}
            </Link>
          </Title>
          <Badge variant="light" color="opora" size="lg" tt="none" style={{ flex: 'none' }} c="opora.9">
            {t('card.role')}
          </Badge>
        </Group>
        <Stack gap={6}>
          {client.dateOfBirth ? (
            <CardFact icon={IconCalendar}>
              {age !== null
                ? t('card.ageAndBirth', { count: age, date: formatDisplayDate(client.dateOfBirth) })
                : t('card.born', { date: formatDisplayDate(client.dateOfBirth) })}
            </CardFact>
          ) : null}
          {client.region ? (
            <CardFact icon={IconMapPin} label={t('card.region')}>
              {client.region.name}
            </CardFact>
          ) : null}
          {relationship ? (
            <CardFact icon={IconUsers}>{t('card.relationship', { relationship })}</CardFact>
          ) : null}
        </Stack>
        <Group gap="xs">
          <Badge variant="outline" color="gray" size="lg" tt="none" c="gray.9">
            {t('card.requests', { count: client.requestsCount })}
          </Badge>
          <Badge variant="outline" color="gray" size="lg" tt="none" c="gray.9">
            {t('card.activeServices', { count: client.activeServicesCount })}
          </Badge>
        </Group>
        <Group mt="auto" pt="xs">
          <Button
            component={Link}
            to={href}
            variant="light"
            rightSection={<IconArrowRight size={18} aria-hidden />}
            aria-label={t('card.openLabel', { name: client.fullName })}
          >
            {t('card.open')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
