import { Badge } from '@mantine/core';
import type { ServiceStatus } from '@opora/contracts';
import { useTranslation } from 'react-i18next';

const colors: Record<ServiceStatus, string> = { draft: 'gray', active: 'teal', archive: 'orange' };
/** Text colours that keep 4.5:1 on each light background (teal's own dark shade does not). */
const textColors: Record<ServiceStatus, string> = { draft: 'gray.9', active: 'opora.9', archive: 'orange.9' };

/** A service's status in words, coloured (never by colour alone). */
export function ServiceStatusBadge({ status, size = 'md' }: { status: ServiceStatus; size?: 'md' | 'lg' }) {
  const { t } = useTranslation('provider-services');
  return (
    <Badge variant="light" color={colors[status]} c={textColors[status]} size={size} tt="none" radius="sm">
      {t(`status.${status}`)}
    </Badge>
  );
}
