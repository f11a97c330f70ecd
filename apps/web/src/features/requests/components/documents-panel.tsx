import { Button, CloseButton, FileButton, Group, Loader, Stack, Text } from '@mantine/core';
import {
  type DocumentFile,
  documentContentTypes,
  documentFileExtensions,
  documentFormatNames,
  isDocumentContentType,
  type Locale,
  maxDocumentBytes,
  maxDocumentMegabytes,
  maxDocumentsPerRequest,
} from '@opora/contracts';
import { IconDownload, IconFileText, IconPaperclip, IconTrash } from '@tabler/icons-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '@/components/overlays/confirm.tsx';
import { toast } from '@/components/overlays/toast.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { formatInstantDate } from '@/shared-features/requests/dates.ts';
import { type DocumentOwner, deleteDocument, downloadDocument, uploadDocument } from '../api/documents.ts';
import classes from './requests.module.css';

const formats = Object.values(documentFormatNames).join(', ');
const accept = [...documentContentTypes, ...documentFileExtensions].join(',');

/** Why a file was not attached; each has its sentence in `requests:documents.errors`. */
type UploadProblem = 'tooBig' | 'wrongType' | 'tooMany' | 'closed' | 'failed';

type Pending = { key: string; name: string } & (
  | { state: 'uploading' }
  | { state: 'failed'; problem: UploadProblem; file: File | null; documentId: string }
);

const sizeFormats = new Map<string, Intl.NumberFormat>();

/** "512 kB", "2,4 MB": sizes in the reader's language. */
export function formatFileSize(bytes: number, locale: Locale): string {
  const megabytes = bytes >= 1024 * 1024;
  const key = `${locale}:${megabytes ? 'MB' : 'kB'}`;
  let format = sizeFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'unit',
      unit: megabytes ? 'megabyte' : 'kilobyte',
      maximumFractionDigits: 1,
    });
    sizeFormats.set(key, format);
  }
  return format.format(megabytes ? bytes / (1024 * 1024) : Math.max(bytes / 1024, 0.1));
}

function typeName(contentType: string): string {
  return isDocumentContentType(contentType) ? documentFormatNames[contentType] : contentType;
}

/** What the browser can tell before sending; the server decides by the content anyway. */
function checkBeforeSending(file: File): UploadProblem | null {
  if (file.size > maxDocumentBytes) return 'tooBig';
  const name = file.name.toLowerCase();
  const knownType = isDocumentContentType(file.type);
  const knownExtension = documentFileExtensions.some((extension) => name.endsWith(extension));
  return knownType || knownExtension ? null : 'wrongType';
}

function problemOf(error: unknown): UploadProblem {
  if (!(error instanceof ApiError)) return 'failed';
  if (error.code === 'DocumentTypeNotAllowed') return 'wrongType';
  if (error.code === 'PayloadTooLarge') return 'tooBig';
  if (error.code === 'DocumentLimitReached') return 'tooMany';
  if (error.code === 'Conflict') return 'closed';
  return 'failed';
}

/**
 * Documents of a request, being prepared or sent: the list (name, type, size, date; download and
 * removal), and — while `canUpload` — a labelled button with drag and drop that sends each file on
 * its own, showing per file that it uploads or why it was not attached. `afterChange` refreshes what
 * the page shows; `removalNotice` asks before removing (a sent request: the provider sees removals).
 */
export function DocumentsPanel({
  owner,
  documents,
  canUpload,
  removalNotice,
  onUploaded,
  onRemoved,
  headingId,
}: {
  owner: DocumentOwner;
  documents: DocumentFile[];
  canUpload: boolean;
  /** The provider's name when a removal must be confirmed and is seen by the provider. */
  removalNotice?: { provider: string };
  onUploaded: (document: DocumentFile) => void | Promise<void>;
  onRemoved: (documentId: string) => void | Promise<void>;
  /** The heading the panel's regions are named by. */
  headingId: string;
}) {
  const { t } = useTranslation(['requests', 'errors']);
  const { locale } = useLocale();
  const hintId = useId();
  const [pending, setPending] = useState<Pending[]>([]);
  const [removing, setRemoving] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  // Cleared after each choice, so choosing the same file again (after removing it) still uploads.
  const resetPicker = useRef<() => void>(null);

  const uploading = pending.filter((each) => each.state === 'uploading').length;

  const settle = (key: string, next: Pending | null) =>
    setPending((list) =>
      next ? list.map((each) => (each.key === key ? next : each)) : list.filter((each) => each.key !== key),
    );

  const send = async (key: string, file: File, documentId: string) => {
    settle(key, { key, name: file.name, state: 'uploading' });
    try {
      const document = await uploadDocument(owner, documentId, file);
      settle(key, null);
      await onUploaded(document);
    } catch (error) {
      settle(key, { key, name: file.name, state: 'failed', problem: problemOf(error), file, documentId });
    }
  };

  const add = (files: File[]) => {
    let room = maxDocumentsPerRequest - documents.length - uploading;
    const started: Pending[] = [];
    const uploads: [string, File, string][] = [];
    for (const file of files) {
      const key = crypto.randomUUID();
      const documentId = crypto.randomUUID();
      const problem = checkBeforeSending(file) ?? (room <= 0 ? 'tooMany' : null);
      if (problem) {
        started.push({ key, name: file.name, state: 'failed', problem, file: null, documentId });
        continue;
      }
      room -= 1;
      started.push({ key, name: file.name, state: 'uploading' });
      uploads.push([key, file, documentId]);
    }
    setPending((list) => [...list.filter((each) => each.state === 'uploading'), ...started]);
    for (const [key, file, documentId] of uploads) void send(key, file, documentId);
    resetPicker.current?.();
  };

  const remove = async (document: DocumentFile) => {
    if (removalNotice) {
      const confirmed = await confirm({
        title: t('documents.removeTitle'),
        message: t('documents.removeMessage', { name: document.fileName, provider: removalNotice.provider }),
        confirmLabel: t('documents.removeConfirm'),
        danger: true,
      });
      if (!confirmed) return;
    }
    setRemoving(document.id);
    try {
      await deleteDocument(owner, document.id);
      await onRemoved(document.id);
      toast.success(t('documents.removed', { name: document.fileName }));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        // Removed already (another tab, a double click): the list catches up.
        await onRemoved(document.id);
      } else {
        toast.error(t('documents.errors.remove'));
      }
    } finally {
      setRemoving(null);
    }
  };

  const download = async (document: DocumentFile) => {
    try {
      await downloadDocument(owner, document);
    } catch {
      toast.error(t('documents.errors.download'));
    }
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (canUpload) add(Array.from(event.dataTransfer.files));
  };

  return (
    <Stack gap="md">
      {documents.length === 0 ? (
        <Text>{canUpload ? t('documents.empty') : t('documents.emptyClosed')}</Text>
      ) : (
        <ul className={classes.documentList} aria-labelledby={headingId}>
          {documents.map((document) => (
            <li key={document.id} className={classes.documentItem}>
              <IconFileText size={24} aria-hidden className={classes.documentIcon} />
              <div className={classes.documentText}>
                <Text fw={600} className={classes.documentName}>
                  {document.fileName}
                </Text>
                <Text size="sm" c="dimmed">
                  {typeName(document.contentType)} · {formatFileSize(document.size, locale)} ·{' '}
                  {formatInstantDate(document.createdDate)}
                </Text>
              </div>
              <Group gap="xs" className={classes.documentActions}>
                <Button
                  variant="default"
                  size="sm"
                  leftSection={<IconDownload size={16} aria-hidden />}
                  aria-label={t('documents.downloadLabel', { name: document.fileName })}
                  onClick={() => void download(document)}
                >
                  {t('documents.download')}
                </Button>
                <Button
                  variant="subtle"
                  color="red"
                  c="red.9"
                  size="sm"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  aria-label={t('documents.removeLabel', { name: document.fileName })}
                  loading={removing === document.id}
                  onClick={() => void remove(document)}
                >
                  {t('documents.remove')}
                </Button>
              </Group>
            </li>
          ))}
        </ul>
      )}

      <div aria-live="polite">
        {pending.length > 0 ? (
          <ul className={classes.documentList}>
            {pending.map((each) => (
              <li key={each.key} className={classes.documentItem} data-state={each.state}>
                {each.state === 'uploading' ? (
                  <>
                    <Loader size="sm" aria-hidden />
                    <Text className={classes.documentText}>
                      {t('documents.uploading', { name: each.name })}
                    </Text>
                  </>
                ) : (
                  <>
                    <Text c="red.9" className={classes.documentText}>
                      {t(`documents.errors.${each.problem}`, {
                        name: each.name,
                        max: maxDocumentMegabytes,
                        limit: maxDocumentsPerRequest,
                        formats,
                      })}
                    </Text>
                    <Group gap="xs" className={classes.documentActions}>
                      {each.problem === 'failed' && each.file ? (
                        <Button
                          variant="default"
                          size="sm"
                          onClick={() => each.file && void send(each.key, each.file, each.documentId)}
                        >
                          {t('documents.retry')}
                        </Button>
                      ) : null}
                      <CloseButton
                        aria-label={t('documents.dismiss', { name: each.name })}
                        onClick={() => settle(each.key, null)}
                      />
                    </Group>
                  </>
                )}
              </li>
            ))}
          </ul>
        ) : null}
      </div>

      {canUpload ? (
        // biome-ignore lint/a11y/noStaticElementInteractions: dropping files is a pointer shortcut; the button inside is the way for keyboards and screen readers.
        <div
          className={dragging ? `${classes.dropZone} ${classes.dropZoneActive}` : classes.dropZone}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <FileButton onChange={add} accept={accept} multiple resetRef={resetPicker}>
            {(props) => (
              <Button
                {...props}
                leftSection={<IconPaperclip size={18} aria-hidden />}
                aria-describedby={hintId}
              >
                {t('documents.add')}
              </Button>
            )}
          </FileButton>
          <Text size="sm" id={hintId}>
            {t('documents.hint', { formats, max: maxDocumentMegabytes, limit: maxDocumentsPerRequest })}{' '}
            {t('documents.drop')}
          </Text>
        </div>
      ) : null}
    </Stack>
  );
}
