import { Accordion, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Container } from '@/components/ui/container.tsx';
import classes from './home.module.css';

const questions = [
  'careAllowance',
  'careAllowanceAmounts',
  'insurance',
  'services',
  'verified',
  'nonBinding',
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
                <Accordion.Panel>{t(`faq.items.${question}.answer`)}</Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Stack>
      </Container>
    </section>
  );
}
