import { Badge } from '@mantine/core';
import type { ServiceStatus } from '@opora/contracts';
import { useTranslation } from 'react-i18next';

const colors: Record<ServiceStatus, string> = { draft: 'gray', active: 'teal', archive: 'orange' };

/** A service's status in words, coloured (never by colour alone). */
export function ServiceStatusBadge({ status, size = 'md' }: { status: ServiceStatus; size?: 'md' | 'lg' }) {
  const { t } = useTranslation('provider-services');
  const color = colors[status];
  return (
    <Badge variant="light" color={color} c={`${color}.9`} size={size} tt="none" radius="sm">
      {t(`status.${status}`)}
    </Badge>
  );
}
