import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { ProviderDocument } from '@opora/contracts';
import { IconDownload, IconFileText, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { formatInstantDate } from '@/shared-features/requests/dates.ts';

/** "512 kB", "2,4 MB" in the reader's language. */
function formatSize(bytes: number, locale: string): string {
  const megabytes = bytes >= 1024 * 1024;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: megabytes ? 'megabyte' : 'kilobyte',
    maximumFractionDigits: 1,
  }).format(megabytes ? bytes / (1024 * 1024) : Math.max(bytes / 1024, 0.1));
}

/**
 * A provider's verification documents: what each is, its file, service and upload date, a download
 * button and — where `onRemove` is given — a removal. The provider's profile and staff's check show it.
 */
export function ProviderDocumentList({
  documents,
  labelledBy,
  onDownload,
  onRemove,
  busyId,
}: {
  documents: ProviderDocument[];
  labelledBy: string;
  onDownload: (document: ProviderDocument) => void;
  onRemove?: (document: ProviderDocument) => void;
  busyId?: string | null;
}) {
  const { t } = useTranslation('provider-documents');
  const { locale } = useLocale();
  return (
    <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-labelledby={labelledBy}>
      {documents.map((document) => (
        <Paper component="li" key={document.id} withBorder radius="sm" p="sm">
          <Group justify="space-between" align="flex-start" gap="sm">
            <Group gap="sm" align="flex-start" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 16rem' }}>
              <IconFileText size={24} aria-hidden style={{ flexShrink: 0 }} />
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600}>{t(`kind.${document.kind}`)}</Text>
                <Text style={{ overflowWrap: 'anywhere' }}>{document.fileName}</Text>
                <Text size="sm" c="dark.6">
                  {document.service
                    ? t('list.service', { service: document.service.name })
                    : t('list.wholeOrganisation')}
                  {' · '}
                  {t('list.uploaded', { date: formatInstantDate(document.uploadedAt) })}
                  {' · '}
                  {formatSize(document.size, locale)}
                </Text>
                {document.removed ? (
                  <Badge variant="light" color="gray" c="gray.9" tt="none" radius="sm">
                    {t('list.removed')}
                  </Badge>
                ) : null}
              </Stack>
            </Group>
            <Group gap="xs">
              <Button
                variant="default"
                leftSection={<IconDownload size={18} aria-hidden />}
                onClick={() => onDownload(document)}
                aria-label={t('list.downloadNamed', { name: document.fileName })}
              >
                {t('list.download')}
              </Button>
              {onRemove ? (
                <Button
                  variant="subtle"
                  color="red"
                  c="red.9"
                  leftSection={<IconTrash size={18} aria-hidden />}
                  loading={busyId === document.id}
                  onClick={() => onRemove(document)}
                  aria-label={t('list.removeNamed', { name: document.fileName })}
                >
                  {t('list.remove')}
                </Button>
              ) : null}
            </Group>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
