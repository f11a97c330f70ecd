import { Group, Text } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './card-parts.module.css';

/** Class names of a card's heading, the link in it, and a placeholder card while a list loads. */
export const cardClasses = { title: classes.title, link: classes.link, skeleton: classes.skeleton };

/** One line of a card: an icon to see, the line's name to hear (when the value needs it), its value. */
export function CardFact({
  icon: FactIcon,
  label,
  strong = false,
  children,
}: {
  icon: Icon;
  label?: string;
  strong?: boolean;
  children: ReactNode;
}) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <FactIcon size={20} aria-hidden className={classes.icon} />
      <Text {...(strong ? { fw: 600 } : {})}>
        {label ? <span className="visually-hidden">{label}: </span> : null}
        {children}
      </Text>
    </Group>
  );
}
