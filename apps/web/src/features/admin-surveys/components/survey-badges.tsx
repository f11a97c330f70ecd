import { Badge, type MantineColor } from '@mantine/core';
import type { SurveyDefinitionStatus, SurveyType } from '@opora/contracts';
import { useTranslation } from 'react-i18next';

/**
 * A light fill and a text readable on it (as the request statuses' badges): the colour's darkest shade,
 * except where that reads below 4.5:1 — teal takes the theme's darker teal, yellow the dark text.
 */
const statusColors: Record<SurveyDefinitionStatus, { color: MantineColor; text: MantineColor }> = {
  draft: { color: 'yellow', text: 'dark.7' },
  published: { color: 'teal', text: 'opora.9' },
  retired: { color: 'gray', text: 'gray.9' },
};

/** Draft, published or retired, in the reader's language. */
export function SurveyStatusBadge({ status }: { status: SurveyDefinitionStatus }) {
  const { t } = useTranslation('admin-surveys');
  const { color, text } = statusColors[status];
  return (
    <Badge variant="light" color={color} c={text} size="md" tt="none" radius="sm">
      {t(`status.${status}`)}
    </Badge>
  );
}

export function SurveyTypeBadge({ type }: { type: SurveyType }) {
  const { t } = useTranslation('admin-surveys');
  return (
    <Badge variant="light" color="blue" c="blue.9" size="md" tt="none" radius="sm">
      {t(`type.${type}.name`)}
    </Badge>
  );
}
