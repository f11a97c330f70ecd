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
import { useEffect, useRef, useState } from 'react';
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

/** Share of a card that must show for the row to count as scrolled to that end. */
const fullyInView = 0.98;

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

  // Whether the first and the last card are wholly in view, as an IntersectionObserver reports it
  // after layout: measuring on mount would force a layout of the whole freshly inserted page.
  useEffect(() => {
    const track = trackRef.current;
    const first = track?.firstElementChild;
    const last = track?.lastElementChild;
    if (!track || !first || !last) return;
    const observer = new IntersectionObserver(
      (entries) => {
        setEdges((current) => {
          let { start, end } = current;
          for (const entry of entries) {
            const inView = entry.intersectionRatio >= fullyInView;
            if (entry.target === first) start = inView;
            if (entry.target === last) end = inView;
          }
          return current.start === start && current.end === end ? current : { start, end };
        });
      },
      // A few pixels of tolerance: scroll snapping may stop just short of either end.
      { root: track, rootMargin: '0px 4px', threshold: [0, fullyInView, 1] },
    );
    observer.observe(first);
    observer.observe(last);
    return () => observer.disconnect();
  }, []);

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
