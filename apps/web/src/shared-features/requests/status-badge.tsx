import { Badge, type MantineColor } from '@mantine/core';
import type { CareRequestStatusCode } from '@opora/contracts';
import { useTranslation } from 'react-i18next';

/**
 * One colour per state; the text stays the darkest shade of it, readable on the light fill — except
 * teal, whose darkest shade reads at 4.3:1 on its fill: the theme's own darker teal instead (4.5:1).
 */
const statusColors: Record<CareRequestStatusCode, MantineColor> = {
  new: 'blue',
  'in-progress': 'cyan',
  'waiting-list': 'violet',
  accepted: 'teal',
  rejected: 'red',
  withdrawn: 'gray',
  expired: 'gray',
};

/** A care request's state (SPEC §4), named in the reader's language (`enums:careRequestStatus`). */
export function CareRequestStatusBadge({
  status,
  size = 'md',
}: {
  status: CareRequestStatusCode;
  size?: 'md' | 'lg';
}) {
  const { t } = useTranslation('enums');
  const color = statusColors[status];
  return (
    <Badge
      variant="light"
      color={color}
      c={color === 'teal' ? 'opora.9' : `${color}.9`}
      size={size}
      tt="none"
      radius="sm"
    >
      {t(`careRequestStatus.${status}`)}
    </Badge>
  );
}
