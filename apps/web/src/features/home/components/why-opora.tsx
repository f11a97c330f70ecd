import { ActionIcon, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import {
  IconChevronLeft,
  IconChevronRight,
  IconClockHour4,
  IconListCheck,
  IconLock,
  IconMessages,
  IconReceipt,
  IconShieldCheck,
} from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Container } from '@/components/ui/container.tsx';
import classes from './sections.module.css';

const reasons = [
  { key: 'verified', Icon: IconShieldCheck },
  { key: 'oneStory', Icon: IconMessages },
  { key: 'answers', Icon: IconClockHour4 },
  { key: 'fairOrder', Icon: IconListCheck },
  { key: 'easyCancel', Icon: IconReceipt },
  { key: 'privacy', Icon: IconLock },
] as const;

/**
 * Why use Opora, as a carousel (SPEC §2) that hides nothing from assistive technology: a row of
 * cards that scrolls with touch, the arrow keys (the row is focusable) or the previous/next buttons.
 * It never moves on its own, and scrolls without animation when the person asks for reduced motion.
 */
export function WhyOpora() {
  const { t } = useTranslation('home-sections');
  const trackRef = useRef<HTMLUListElement>(null);
  const reduceMotion = useReducedMotion();
  const [edges, setEdges] = useState({ start: true, end: false });

  const updateEdges = useCallback(() => {
    const track = trackRef.current;
    if (!track) return;
    // Measured by the cards, not by scrollLeft: scroll snapping may leave a few pixels at either end.
    const box = track.getBoundingClientRect();
    const first = track.firstElementChild?.getBoundingClientRect();
    const last = track.lastElementChild?.getBoundingClientRect();
    const start = !first || first.left >= box.left - 1;
    const end = !last || last.right <= box.right + 1;
    setEdges((current) => (current.start === start && current.end === end ? current : { start, end }));
  }, []);

  useEffect(() => {
    updateEdges();
    window.addEventListener('resize', updateEdges);
    return () => window.removeEventListener('resize', updateEdges);
  }, [updateEdges]);

  const scrollByCard = (direction: 1 | -1) => {
    const track = trackRef.current;
    const card = track?.firstElementChild as HTMLElement | null;
    if (!track || !card) return;
    const gap = Number.parseFloat(getComputedStyle(track).columnGap) || 0;
    track.scrollBy({
      left: direction * (card.offsetWidth + gap),
      behavior: reduceMotion ? 'auto' : 'smooth',
    });
  };

  return (
    <section
      className={classes.sectionTinted}
      aria-labelledby="why-title"
      aria-roledescription={t('why.carousel')}
    >
      <Container>
        <Stack gap="xl">
          <Group justify="space-between" align="flex-end" gap="md">
            <Title id="why-title" order={2}>
              {t('why.title')}
            </Title>
            <Group gap="xs">
              <ActionIcon
                variant="default"
                size={44}
                radius="xl"
                aria-label={t('why.previous')}
                aria-controls="why-track"
                disabled={edges.start}
                onClick={() => scrollByCard(-1)}
              >
                <IconChevronLeft size={22} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="default"
                size={44}
                radius="xl"
                aria-label={t('why.next')}
                aria-controls="why-track"
                disabled={edges.end}
                onClick={() => scrollByCard(1)}
              >
                <IconChevronRight size={22} aria-hidden />
              </ActionIcon>
            </Group>
          </Group>
          <ul
            id="why-track"
            ref={trackRef}
            className={classes.carouselTrack}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling row must be reachable by keyboard, so the arrow keys scroll it
            tabIndex={0}
            aria-label={t('why.cards')}
            onScroll={updateEdges}
          >
            {reasons.map(({ key, Icon }) => (
              <li key={key} className={classes.carouselCard}>
                <ThemeIcon size={48} radius="md" variant="light" color="opora">
                  <Icon size={28} aria-hidden />
                </ThemeIcon>
                <Title order={3} size="h4">
                  {t(`why.reasons.${key}.title`)}
                </Title>
                <Text>{t(`why.reasons.${key}.text`)}</Text>
              </li>
            ))}
          </ul>
        </Stack>
      </Container>
    </section>
  );
}
