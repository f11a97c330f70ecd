import { Accordion, Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Container } from '@/components/ui/container.tsx';
import { paths } from '@/config/paths.ts';
import classes from './sections.module.css';

const questions = [
  'request',
  'cost',
  'subscription',
  'insurance',
  'careAllowance',
  'careAllowanceAmounts',
  'services',
  'verified',
  'order',
  'dataProtection',
  'slovakia',
] as const;

export function Faq() {
  const { t } = useTranslation('home-sections');
  return (
    <section id="faq" className={classes.section} aria-labelledby="faq-title">
      <Container size="md">
        <Stack gap="xl">
          <Title id="faq-title" order={2}>
            {t('faq.title')}
          </Title>
          <Accordion variant="separated" radius="md" chevronPosition="right">
            {questions.map((question) => (
              <Accordion.Item key={question} value={question}>
                <Accordion.Control>
                  <Title order={3} size="h5" className={classes.faqQuestion}>
                    {t(`faq.items.${question}.question`)}
                  </Title>
                </Accordion.Control>
                <Accordion.Panel>
                  <Text className={classes.faqAnswer}>{t(`faq.items.${question}.answer`)}</Text>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
          <Text>
            {t('faq.more')}{' '}
            <Anchor component={Link} to={paths.support.getHref()}>
              {t('faq.supportLink')}
            </Anchor>
          </Text>
        </Stack>
      </Container>
    </section>
  );
}
