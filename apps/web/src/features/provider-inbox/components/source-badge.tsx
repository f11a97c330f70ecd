import { Badge } from '@mantine/core';
import type { CareRequestSource } from '@opora/contracts';
import { IconHeadset } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * How a request the provider entered itself came (phone, walk-in, …); none for one sent through Opora,
 * the usual case. Near-black on the light grey fill, readable as the status badges are.
 */
export function SourceBadge({ source }: { source: CareRequestSource }) {
  const { t } = useTranslation('provider');
  if (source === 'opora') return null;
  return (
    <Badge variant="light" color="gray" c="gray.9" size="sm" tt="none" radius="sm">
      {t(`source.${source}`)}
    </Badge>
  );
}

/** An Opora assistant sent the request for the requester (issue 25 §2): the grid's mark of it. */
export function SentByAssistantBadge() {
  const { t } = useTranslation('provider');
  return (
    <Badge
      variant="light"
      color="violet"
      c="violet.9"
      size="sm"
      tt="none"
      radius="sm"
      leftSection={<IconHeadset size={12} aria-hidden />}
      style={{ height: 'auto', whiteSpace: 'normal' }}
    >
      {t('source.sentByAssistant')}
    </Badge>
  );
}

/** Where a row's request came from, when it is not the usual (sent through Opora by the requester). */
export function RequestOriginBadges({
  source,
  sentByAssistant,
}: {
  source: CareRequestSource;
  sentByAssistant: boolean;
}) {
  if (source === 'opora' && !sentByAssistant) return null;
  return (
    <div>
      <SourceBadge source={source} />
      {sentByAssistant ? <SentByAssistantBadge /> : null}
    </div>
  );
}
