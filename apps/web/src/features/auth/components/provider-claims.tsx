import { Button, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { providerFreeMonths } from '@opora/contracts';
import { IconBuildingHospital, IconCheck } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';

/**
 * What sign-in tells providers (SPEC §1): the free months, then a price; what the provider area gives;
 * and the way for an organisation to join.
 */
export function ProviderClaims() {
  const { t } = useTranslation('auth');
  const headingId = useId();
  const claims = [t('providerClaims.inbox'), t('providerClaims.assignment'), t('providerClaims.record')];
  return (
    <Paper
      component="aside"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      p="lg"
      maw={480}
      w="100%"
      mx="auto"
    >
      <Stack gap="xs">
        <Title order={2} size="h4" id={headingId}>
          {t('providerClaims.title')}
        </Title>
        <Text fw={600} c="opora.9">
          {t('providerClaims.freeMonths', { count: providerFreeMonths })}
        </Text>
        <List
          spacing={6}
          icon={
            <ThemeIcon size={20} radius="xl" variant="light">
              <IconCheck size={14} aria-hidden />
            </ThemeIcon>
          }
        >
          {claims.map((claim) => (
            <List.Item key={claim} lh={1.45}>
              {claim}
            </List.Item>
          ))}
        </List>
        <Button
          component={Link}
          to={paths.providerJoin.getHref()}
          variant="light"
          mt="xs"
          leftSection={<IconBuildingHospital size={18} aria-hidden />}
        >
          {t('providerClaims.join')}
        </Button>
      </Stack>
    </Paper>
  );
}
