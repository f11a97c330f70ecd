import { Button, Group, Text } from '@mantine/core';
import type { DocumentFile } from '@opora/contracts';
import { IconDownload, IconFileText } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/overlays/toast.tsx';
import { formatInstantDate } from '@/shared-features/requests/dates.ts';
import { downloadProviderDocument } from '../../api/files.ts';
import classes from './detail.module.css';

/** "1.2 MB" in the reader's language. */
function sizeText(bytes: number, locale: string): string {
  const format = (value: number, unit: 'kilobyte' | 'megabyte') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit, maximumFractionDigits: 1 }).format(value);
  return bytes >= 1024 * 1024
    ? format(bytes / (1024 * 1024), 'megabyte')
    : format(Math.max(bytes / 1024, 0.1), 'kilobyte');
}

/** One document's facts: name, size and when it was added. */
export function DocumentFacts({ document }: { document: DocumentFile }) {
  const { t, i18n } = useTranslation('provider-request');
  return (
    <div className={classes.documentName}>
      <Text fw={600} className={classes.breakAnywhere}>
        {document.fileName}
      </Text>
      <Text size="sm" c="dimmed">
        {sizeText(document.size, i18n.language)} ·{' '}
        {t('documents.added', { date: formatInstantDate(document.createdDate) })}
      </Text>
    </div>
  );
}

/**
 * The files the requester attached, to download: through the authenticated call (a plain link would
 * not carry the session), then handed to the browser under their own names.
 */
export function RequestDocuments({
  providerId,
  careRequestId,
  documents,
}: {
  providerId: string;
  careRequestId: string;
  documents: readonly DocumentFile[];
}) {
  const { t } = useTranslation('provider-request');
  const [downloading, setDownloading] = useState<string | null>(null);
  if (documents.length === 0) return <Text>{t('documents.empty')}</Text>;
  const download = async (document: DocumentFile) => {
    setDownloading(document.id);
    try {
      await downloadProviderDocument(providerId, careRequestId, document);
    } catch {
      toast.error(t('documents.error'));
    } finally {
      setDownloading(null);
    }
  };
  return (
    <ul className={classes.documents}>
      {documents.map((document) => (
        <li key={document.id}>
          <Group gap="sm" wrap="nowrap" align="flex-start" className={classes.documentRow}>
            <IconFileText size={24} aria-hidden className={classes.documentIcon} />
            <DocumentFacts document={document} />
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              aria-label={t('documents.downloadLabel', { name: document.fileName })}
              loading={downloading === document.id}
              onClick={() => void download(document)}
            >
              {t('documents.download')}
            </Button>
          </Group>
        </li>
      ))}
    </ul>
  );
}
