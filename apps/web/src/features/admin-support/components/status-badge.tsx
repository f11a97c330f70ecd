import { Badge, type MantineColor } from '@mantine/core';
import type { SupportMessageStatus } from '@opora/contracts';
import { useTranslation } from 'react-i18next';
import classes from './support.module.css';

/**
 * Each status's badge colour and a text colour readable on its light fill (teal's own darkest shade
 * reads at 4.3:1, as the verification badges found): a message nobody has taken stands out.
 */
const statusColors: Record<SupportMessageStatus, { color: MantineColor; text: MantineColor }> = {
  open: { color: 'yellow', text: 'gray.9' },
  assigned: { color: 'blue', text: 'blue.9' },
  answered: { color: 'teal', text: 'opora.9' },
  closed: { color: 'gray', text: 'gray.9' },
};

/** A message's state as a badge: nobody's yet, taken, answered or closed. */
export function SupportStatusBadge({ status }: { status: SupportMessageStatus }) {
  const { t } = useTranslation('admin-support');
  const { color, text } = statusColors[status];
  return (
    <Badge variant="light" color={color} c={text} size="md" tt="none" radius="sm" className={classes.badge}>
      {t(`status.${status}`)}
    </Badge>
  );
}
