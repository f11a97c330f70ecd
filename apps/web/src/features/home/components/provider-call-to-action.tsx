import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { providerFreeMonths } from '@opora/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Container } from '@/components/ui/container.tsx';
import { paths } from '@/config/paths.ts';
import classes from './sections.module.css';

export function ProviderCallToAction() {
  const { t } = useTranslation('home-sections');
  return (
    <section className={classes.callToAction} aria-labelledby="cta-title">
      <Container>
        <Group justify="space-between" align="center" gap="xl">
          <Stack gap="xs" maw={640}>
            <Title id="cta-title" order={2} c="white">
              {t('cta.title')}
            </Title>
            <Text c="white">{t('cta.text')}</Text>
            <Text c="white" fw={700}>
              {t('cta.freeMonths', { count: providerFreeMonths })}
            </Text>
          </Stack>
          <Button component={Link} to={paths.providerJoin.getHref()} size="lg" variant="white" color="opora">
            {t('cta.action')}
          </Button>
        </Group>
      </Container>
    </section>
  );
}
