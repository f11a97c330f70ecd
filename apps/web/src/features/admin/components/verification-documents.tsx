import { Text } from '@mantine/core';
import type { ProviderDocument, ProviderVerificationDetail } from '@opora/contracts';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/overlays/toast.tsx';
import { downloadVerificationDocument } from '@/shared-features/provider-documents/api.ts';
import { ProviderDocumentList } from '@/shared-features/provider-documents/document-list.tsx';
import { Section } from './verification-details.tsx';

/**
 * The registration decisions and licences the provider uploaded (decision 0130): now while the check
 * is open, as they were at the decision once decided. Each download is in the staff audit log.
 */
export function VerificationDocuments({ detail }: { detail: ProviderVerificationDetail }) {
  const { t } = useTranslation('provider-documents');
  const download = (document: ProviderDocument) =>
    void downloadVerificationDocument(detail.verificationId, document).catch(() =>
      toast.error(t('staff.downloadFailed')),
    );
  return (
    <Section title={t('staff.title')} headingId="documents-title">
      <Text>{detail.status === 'open' ? t('staff.intro') : t('staff.decided')}</Text>
      {detail.documents.length === 0 ? (
        <Text>{t('staff.none')}</Text>
      ) : (
        <ProviderDocumentList
          documents={detail.documents}
          labelledBy="documents-title"
          onDownload={download}
        />
      )}
    </Section>
  );
}
