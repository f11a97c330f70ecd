import { Alert, Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { operator } from '@/config/operator.ts';
import { operatorContact } from '@/config/operator-contact.ts';
import classes from './contact.module.css';

/** Who runs Opora and how to reach it in writing (the operator's placeholders live in config). */
export function OperatorDetails() {
  const { t } = useTranslation('contact');
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="operator-title">
      <Stack gap="sm">
        <Title id="operator-title" order={2} size="h4">
          {t('operator.title')}
        </Title>
        <dl className={classes.details}>
          <dt>{t('operator.name')}</dt>
          <dd>{operator.name}</dd>
          <dt>{t('operator.address')}</dt>
          <dd>{operatorContact.address}</dd>
          <dt>{t('operator.email')}</dt>
          <dd>
            <Anchor href={`mailto:${operatorContact.email}`}>{operatorContact.email}</Anchor>
          </dd>
          <dt>{t('operator.companyId')}</dt>
          <dd>{operator.companyId}</dd>
          <dt>{t('operator.vatId')}</dt>
          <dd>{operator.vatId}</dd>
        </dl>
        <Text size="sm" c="dimmed">
          {t('operator.replyTime')}
        </Text>
      </Stack>
    </Paper>
  );
}

/** A phone number people can call with one tap; the text comes from the translation. */
function PhoneLink({ number, children }: { number: string; children?: ReactNode }) {
  return (
    <a href={`tel:${number}`} className={classes.phone}>
      {children}
    </a>
  );
}

/** Opora is not an emergency service: says so wherever people might write to us in a crisis. */
export function EmergencyNotice({ headingOrder = 2 }: { headingOrder?: 2 | 3 }) {
  const { t } = useTranslation('contact');
  const Heading = headingOrder === 2 ? 'h2' : 'h3';
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title={<Heading className={classes.alertHeading}>{t('emergency.title')}</Heading>}
    >
      <Text>
        <Trans
          t={t}
          i18nKey="emergency.text"
          components={{
            emergency: <PhoneLink number="112" />,
            ambulance: <PhoneLink number="155" />,
          }}
        />
      </Text>
    </Alert>
  );
}
