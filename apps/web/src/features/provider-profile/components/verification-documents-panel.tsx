import { Alert, Button, FileButton, Loader, NativeSelect, Stack, Text, Title } from '@mantine/core';
import {
  maxDocumentBytes,
  maxDocumentMegabytes,
  type ProviderDocument,
  type ProviderDocumentKind,
  providerDocumentContentTypes,
  providerDocumentFileExtensions,
  providerDocumentFormats,
  providerDocumentKinds,
} from '@opora/contracts';
import { IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '@/components/overlays/confirm.tsx';
import { toast } from '@/components/overlays/toast.tsx';
import { LoadError } from '@/components/ui/page-states.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { apiErrorMessageKeys } from '@/lib/api-error-message.ts';
import {
  deleteProviderDocument,
  downloadProviderDocument,
  providerDocumentsQueryOptions,
  uploadProviderDocument,
  useProviderDocuments,
} from '@/shared-features/provider-documents/api.ts';
import { ProviderDocumentList } from '@/shared-features/provider-documents/document-list.tsx';

const accept = [...providerDocumentContentTypes, ...providerDocumentFileExtensions].join(',');

/** Why a file was not uploaded: its sentence in `provider-documents:panel.errors`. */
type Problem = 'tooBig' | 'wrongType' | 'failed';

/**
 * The profile's "Documents for verification" tab (decision 0130): the registration decisions and
 * licences the provider uploaded, for staff's check. Administrators choose what the document is and
 * its service, then the file, which uploads at once; others read.
 */
export function VerificationDocumentsPanel({ providerId }: { providerId: string }) {
  const { t } = useTranslation(['provider-documents', 'errors']);
  const queryClient = useQueryClient();
  const documents = useProviderDocuments(providerId);
  const headingId = useId();
  const listHeadingId = useId();
  const hintId = useId();
  const [kind, setKind] = useState<ProviderDocumentKind>('social-services-registration');
  const [serviceId, setServiceId] = useState('');
  const [uploading, setUploading] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const resetPicker = useRef<() => void>(null);

  const refresh = () => queryClient.invalidateQueries(providerDocumentsQueryOptions(providerId));

  const upload = async (file: File | null) => {
    resetPicker.current?.();
    if (!file) return;
    setProblem(null);
    const refuse = (why: Problem) =>
      setProblem(t(`panel.errors.${why}`, { name: file.name, size: maxDocumentMegabytes }));
    if (file.size > maxDocumentBytes) {
      refuse('tooBig');
      return;
    }
    setUploading(file.name);
    try {
      await uploadProviderDocument(providerId, crypto.randomUUID(), file, {
        kind,
        ...(serviceId ? { facilityServiceId: serviceId } : {}),
      });
      toast.success(t('panel.uploaded', { name: file.name }));
      await refresh();
    } catch (error) {
      if (!(error instanceof ApiError)) refuse('failed');
      else if (error.code === 'ProviderDocumentTypeNotAllowed') refuse('wrongType');
      else if (error.code === 'PayloadTooLarge') refuse('tooBig');
      else setProblem(`${file.name}: ${t(apiErrorMessageKeys(error))}`);
    } finally {
      setUploading(null);
    }
  };

  const remove = async (document: ProviderDocument) => {
    const confirmed = await confirm({
      title: t('panel.removeTitle'),
      message: t('panel.removeMessage', { name: document.fileName }),
      confirmLabel: t('panel.removeConfirm'),
      danger: true,
    });
    if (!confirmed) return;
    setRemoving(document.id);
    try {
      await deleteProviderDocument(providerId, document.id);
      toast.success(t('panel.removed', { name: document.fileName }));
    } catch (error) {
      // Removed already (another tab): the list catches up.
      if (!(error instanceof ApiError && error.status === 404)) toast.error(t('panel.errors.remove'));
    } finally {
      setRemoving(null);
      await refresh();
    }
  };

  const download = (document: ProviderDocument) =>
    void downloadProviderDocument(providerId, document).catch(() => toast.error(t('panel.errors.download')));

  if (documents.isError) {
    return (
      <LoadError
        title={t('panel.errors.load')}
        text=""
        retryLabel={t('panel.retry')}
        retrying={documents.isFetching}
        onRetry={() => void documents.refetch()}
      />
    );
  }
  if (!documents.data) return <Loader aria-label={t('panel.title')} />;
  const data = documents.data;

  return (
    <Stack component="section" gap="lg" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Title order={2} size="h3" id={headingId}>
          {t('panel.title')}
        </Title>
        <Text>{t('panel.intro')}</Text>
        {data.verificationPending ? <Alert color="blue" role="note" title={t('panel.pending')} /> : null}
      </Stack>

      {data.canEdit ? (
        <Stack gap="sm" maw={560}>
          <NativeSelect
            label={t('panel.kind')}
            value={kind}
            onChange={(event) => setKind(event.currentTarget.value as ProviderDocumentKind)}
            data={providerDocumentKinds.map((value) => ({ value, label: t(`kind.${value}`) }))}
          />
          <NativeSelect
            label={t('panel.service')}
            description={t('panel.serviceHint')}
            value={serviceId}
            onChange={(event) => setServiceId(event.currentTarget.value)}
            data={[
              { value: '', label: t('panel.wholeOrganisation') },
              ...data.services.map((service) => ({ value: service.id, label: service.name })),
            ]}
          />
          <FileButton onChange={(file) => void upload(file)} accept={accept} resetRef={resetPicker}>
            {(props) => (
              <Button
                {...props}
                leftSection={<IconUpload size={18} aria-hidden />}
                loading={uploading !== null}
                aria-describedby={hintId}
                style={{ alignSelf: 'flex-start' }}
              >
                {t('panel.choose')}
              </Button>
            )}
          </FileButton>
          <Text size="sm" c="dark.6" id={hintId}>
            {t('panel.formats', { formats: providerDocumentFormats, size: maxDocumentMegabytes })}
          </Text>
        </Stack>
      ) : (
        <Text>{t('panel.readOnly')}</Text>
      )}

      <div aria-live="polite">
        {uploading ? <Text>{t('panel.uploading', { name: uploading })}</Text> : null}
        {problem ? (
          <Alert color="red" role="alert">
            <Text c="red.9">{problem}</Text>
          </Alert>
        ) : null}
      </div>

      <Stack gap="sm">
        <Title order={3} size="h4" id={listHeadingId}>
          {t('panel.listTitle')}
        </Title>
        {data.items.length === 0 ? (
          <Text>{t('panel.empty')}</Text>
        ) : (
          <ProviderDocumentList
            documents={data.items}
            labelledBy={listHeadingId}
            onDownload={download}
            busyId={removing}
            {...(data.canEdit ? { onRemove: (document: ProviderDocument) => void remove(document) } : {})}
          />
        )}
      </Stack>
    </Stack>
  );
}
