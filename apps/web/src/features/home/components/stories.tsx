import { Badge, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Container } from '@/components/ui/container.tsx';
import classes from './sections.module.css';

const stories = ['brno', 'kosice'] as const;

/**
 * Two stories of how families use Opora. They are written by us and say so on every card: we have
 * no consented stories of real people yet, and a made-up "testimonial" would mislead.
 */
export function Stories() {
  const { t } = useTranslation('home-sections');
  return (
    <section className={classes.sectionTinted} aria-labelledby="stories-title">
      <Container>
        <Stack gap="xl">
          <Stack gap="xs">
            <Title id="stories-title" order={2}>
              {t('stories.title')}
            </Title>
            <Text maw={720}>{t('stories.note')}</Text>
          </Stack>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            {stories.map((story) => (
              <Card
                key={story}
                component="article"
                padding="xl"
                radius="lg"
                withBorder
                className={classes.story}
              >
                <Stack gap="md">
                  <Badge variant="light" color="gray" size="lg" radius="sm" className={classes.storyBadge}>
                    {t('stories.illustrative')}
                  </Badge>
                  <Title order={3} size="h4">
                    {t(`stories.items.${story}.title`)}
                  </Title>
                  <Text fw={600} c="dimmed" size="sm">
                    {t(`stories.items.${story}.who`)}
                  </Text>
                  <Text>{t(`stories.items.${story}.situation`)}</Text>
                  <Text>{t(`stories.items.${story}.howOporaHelped`)}</Text>
                  <Text>{t(`stories.items.${story}.outcome`)}</Text>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>
      </Container>
    </section>
  );
}
