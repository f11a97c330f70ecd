import { Badge } from '@mantine/core';
import type { CareRequestSource } from '@opora/contracts';
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
