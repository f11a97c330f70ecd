import { Anchor, Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Container } from '@/components/ui/container.tsx';
import { operatorContact } from '@/config/operator-contact.ts';
import { paths } from '@/config/paths.ts';
import classes from './contact.module.css';
import { EmergencyNotice } from './operator-details.tsx';

const steps = ['describe', 'choose', 'send', 'follow'] as const;

/** Free lines for people under strain, in both countries; numbers as their operators publish them. */
const crisisLines = [
  { key: 'firstAid', phone: '116 123' },
  { key: 'seniors', phone: '800 157 157' },
  { key: 'nezabudka', phone: '0800 800 566' },
] as const;

function SupportSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby={id} className={classes.section}>
      <Title id={id} order={2} size="h3">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** `/support`: how Opora works in short, where to find answers, what to do in an emergency. */
export function SupportPage() {
  const { t } = useTranslation('contact');
  const { t: tc } = useTranslation('common');

  return (
    <Container size="md" className={classes.page}>
      <Stack gap="xl">
        <Stack gap="xs">
          <Title order={1}>{t('support.title')}</Title>
          <Text size="lg">{t('support.intro')}</Text>
        </Stack>
        <EmergencyNotice />
        <SupportSection id="support-how" title={t('support.how.title')}>
          <ol className={classes.steps}>
            {steps.map((step) => (
              <li key={step}>{t(`support.how.steps.${step}`)}</li>
            ))}
          </ol>
          <Text>{t('support.how.free')}</Text>
          <Anchor component={Link} to={`${paths.home.getHref()}#how-it-works`}>
            {t('support.how.more')}
          </Anchor>
        </SupportSection>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <SupportSection id="support-faq" title={t('support.faq.title')}>
            <Text>{t('support.faq.text')}</Text>
            <Anchor component={Link} to={`${paths.home.getHref()}#faq`} fw={600}>
              {t('support.faq.link')}
            </Anchor>
          </SupportSection>
          <SupportSection id="support-contact" title={t('support.contact.title')}>
            <Text>{t('support.contact.text')}</Text>
            <Button
              component={Link}
              to={paths.contact.getHref()}
              leftSection={<IconMail size={18} aria-hidden />}
              className={classes.submit}
            >
              {t('support.contact.action')}
            </Button>
            <Text size="sm">
              {t('support.contact.email')}{' '}
              <Anchor href={`mailto:${operatorContact.email}`}>{operatorContact.email}</Anchor>
            </Text>
          </SupportSection>
        </SimpleGrid>
        <SupportSection id="support-account" title={t('support.account.title')}>
          <ul className={classes.linkList}>
            <li>
              {t('support.account.password')}{' '}
              <Anchor component={Link} to={paths.signInRestore.getHref()}>
                {t('support.account.passwordLink')}
              </Anchor>
            </li>
            <li>
              {t('support.account.subscription')}{' '}
              <Anchor component={Link} to={paths.userProfile.getHref()}>
                {t('support.account.profileLink')}
              </Anchor>
            </li>
            <li>
              {t('support.account.delete')}{' '}
              <Anchor component={Link} to={paths.userProfile.getHref()}>
                {t('support.account.profileLink')}
              </Anchor>
            </li>
            <li>{t('support.account.language')}</li>
          </ul>
        </SupportSection>
        <SupportSection id="support-crisis" title={t('support.crisis.title')}>
          <Text>{t('support.crisis.text')}</Text>
          <ul className={classes.linkList}>
            {crisisLines.map((line) => (
              <li key={line.key}>
                <a href={`tel:${line.phone.replaceAll(' ', '')}`} className={classes.phone}>
                  {line.phone}
                </a>{' '}
                – {t(`support.crisis.lines.${line.key}`)}
              </li>
            ))}
          </ul>
        </SupportSection>
        <SupportSection id="support-documents" title={t('support.documents.title')}>
          <Text>{t('support.documents.text')}</Text>
          <ul className={classes.linkList}>
            {(['termsAndConditions', 'gdpr', 'cookie'] as const).map((name) => (
              <li key={name}>
                <Anchor component={Link} to={paths[name].getHref()}>
                  {tc(`routes.${name}.title`)}
                </Anchor>
              </li>
            ))}
          </ul>
        </SupportSection>
      </Stack>
    </Container>
  );
}
