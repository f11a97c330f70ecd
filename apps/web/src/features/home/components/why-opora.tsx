import { Card, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconListCheck, IconMessages, IconReceipt, IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Container } from '@/components/ui/container.tsx';
import classes from './home.module.css';

const reasons = [
  { key: 'verified', Icon: IconShieldCheck },
  { key: 'oneStory', Icon: IconMessages },
  { key: 'fairOrder', Icon: IconListCheck },
  { key: 'easyCancel', Icon: IconReceipt },
] as const;

/** Why use Opora — a grid rather than the carousel of SPEC §2: every card stays visible and readable. */
export function WhyOpora() {
  const { t } = useTranslation('home-sections');
  return (
    <section className={classes.sectionTinted} aria-labelledby="why-title">
      <Container>
        <Stack gap="xl">
          <Title id="why-title" order={2}>
            {t('why.title')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
            {reasons.map(({ key, Icon }) => (
              <Card key={key} padding="lg" radius="lg" withBorder>
                <Stack gap="sm">
                  <ThemeIcon size={48} radius="md" variant="light" color="opora">
                    <Icon size={28} aria-hidden />
                  </ThemeIcon>
                  <Title order={3} size="h4">
                    {t(`why.reasons.${key}.title`)}
                  </Title>
                  <Text>{t(`why.reasons.${key}.text`)}</Text>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>
      </Container>
    </section>
  );
}
