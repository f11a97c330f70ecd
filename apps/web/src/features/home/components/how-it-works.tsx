import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Container } from '@/components/ui/container.tsx';
import classes from './sections.module.css';

const steps = ['describe', 'choose', 'send', 'follow'] as const;

export function HowItWorks() {
  const { t } = useTranslation('home-sections');
  return (
    <section id="how-it-works" className={classes.section} aria-labelledby="how-it-works-title">
      <Container>
        <Stack gap="xl">
          <Title id="how-it-works-title" order={2}>
            {t('howItWorks.title')}
          </Title>
          <SimpleGrid component="ol" cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg" className={classes.steps}>
            {steps.map((step, index) => (
              <li key={step} className={classes.step}>
                <span className={classes.stepNumber} aria-hidden>
                  {index + 1}
                </span>
                <Title order={3} size="h4">
                  {t(`howItWorks.steps.${step}.title`)}
                </Title>
                <Text>{t(`howItWorks.steps.${step}.text`)}</Text>
              </li>
            ))}
          </SimpleGrid>
        </Stack>
      </Container>
    </section>
  );
}
