import { Anchor, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { countries } from '@opora/contracts';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AsyncButton } from '@/components/ui/async-button.tsx';
import { Container } from '@/components/ui/container.tsx';
import { paths } from '@/config/paths.ts';
import { useRegions } from '@/lib/reference-data/regions.ts';
import classes from './sections.module.css';

/** Every region of both countries as a plain list of links to its services: no typing needed. */
export function RegionBrowser() {
  const { t } = useTranslation('home-sections');
  const regions = useRegions();

  return (
    <section id="regions" className={classes.section} aria-labelledby="regions-title">
      <Container>
        <Stack gap="xl">
          <Stack gap="xs">
            <Title id="regions-title" order={2}>
              {t('regions.title')}
            </Title>
            <Text maw={720}>{t('regions.text')}</Text>
          </Stack>
          {regions.isPending ? (
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" aria-busy="true">
              <span role="status" className="visually-hidden">
                {t('regions.loading')}
              </span>
              <Skeleton height={320} radius="md" />
              <Skeleton height={320} radius="md" />
            </SimpleGrid>
          ) : regions.isError ? (
            <Stack gap="sm" align="flex-start" role="alert">
              <Text>{t('regions.error')}</Text>
              <AsyncButton
                variant="default"
                leftSection={<IconRefresh size={18} aria-hidden />}
                busy={regions.isFetching}
                onClick={() => void regions.refetch()}
              >
                {t('regions.retry')}
              </AsyncButton>
            </Stack>
          ) : (
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
              {countries.map((country) => {
                const inCountry = regions.data.filter((region) => region.country === country);
                if (inCountry.length === 0) return null;
                return (
                  <div key={country} className={classes.regionColumn}>
                    <Title order={3} size="h4" id={`regions-${country}`}>
                      {t(`regions.countries.${country}`)}
                    </Title>
                    <ul className={classes.regionList} aria-labelledby={`regions-${country}`}>
                      {inCountry.map((region) => (
                        <li key={region.code}>
                          <Anchor
                            component={Link}
                            to={paths.anonNewClientServicesList.getHref({ regionCode: region.code })}
                            className={classes.regionLink}
                          >
                            <span>{region.name}</span>
                            <span className={classes.regionMeta}>
                              {t('regions.countyCount', { count: region.counties.length })}
                            </span>
                          </Anchor>
                        </li>
                      ))}
                    </ul>
                  </div>
                );
              })}
            </SimpleGrid>
          )}
        </Stack>
      </Container>
    </section>
  );
}
