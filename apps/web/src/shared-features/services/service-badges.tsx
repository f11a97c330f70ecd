import { Badge, Group } from '@mantine/core';
import type { ServiceFlags } from '@opora/contracts';
import { IconCircleCheck, IconDiscountCheck, IconSpeakerphone } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type FlagColor = 'teal' | 'yellow' | 'blue';

/** A light badge with near-black text: Mantine's tinted text falls below AA contrast on its tint. */
export function FlagBadge({
  color,
  icon,
  children,
}: {
  color: FlagColor;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <Badge
      color={color}
      variant="light"
      size="lg"
      leftSection={icon}
      tt="none"
      styles={{ root: { color: 'var(--mantine-color-gray-9)' } }}
    >
      {children}
    </Badge>
  );
}

/** Verified, sponsored and already-requested marks; nothing when none applies. */
export function ServiceBadges({ flags }: { flags: ServiceFlags }) {
  const { t } = useTranslation('catalogue');
  if (!flags.verified && !flags.sponsored && !flags.alreadyRequested) return null;
  return (
    <Group gap="xs">
      {flags.verified ? (
        <FlagBadge color="teal" icon={<IconDiscountCheck size={16} aria-hidden />}>
          {t('badges.verified')}
        </FlagBadge>
      ) : null}
      {flags.sponsored ? (
        <FlagBadge color="yellow" icon={<IconSpeakerphone size={16} aria-hidden />}>
          {t('badges.sponsored')}
        </FlagBadge>
      ) : null}
      {flags.alreadyRequested ? (
        <FlagBadge color="blue" icon={<IconCircleCheck size={16} aria-hidden />}>
          {t('badges.alreadyRequested')}
        </FlagBadge>
      ) : null}
    </Group>
  );
}
