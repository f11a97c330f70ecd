import { buildHref, type DocumentFile, type ProviderExport } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { apiBasePath, apiResponse } from '@/lib/api-client.ts';

// Files come from calls that need the session's bearer token, which a plain link would not carry:
// they are fetched here, then handed to the browser as a download under the server's file name.

function apiPath(pattern: string, params: Record<string, string>): `/${string}` {
  return buildHref(pattern.slice(apiBasePath.length), params) as `/${string}`;
}

/** The file name of `Content-Disposition` (`filename*=UTF-8''…` preferred), or null. */
export function attachmentFileName(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim().replace(/^"|"$/g, ''));
    } catch {
      // Malformed encoding: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(disposition);
  const name = plain?.[2] ?? plain?.[1]?.trim();
  return name ? name : null;
}

/** Hands bytes to the browser as a download. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = window.document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.rel = 'noopener';
    window.document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has handed the file over; revoking at once can cancel it in some browsers.
    window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

/**
 * The body of a file response, read as it streams in; `onProgress` hears the bytes so far and, when
 * the server said, the total.
 */
async function readBody(
  response: Response,
  onProgress?: (received: number, total: number | null) => void,
): Promise<Blob> {
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  if (!response.body || !onProgress) return response.blob();
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress(received, total);
  }
  return new Blob(chunks, { type });
}

async function download(response: Response, fallbackName: string, onProgress?: ExportProgress) {
  const blob = await readBody(response, onProgress);
  saveFile(blob, attachmentFileName(response.headers.get('content-disposition')) ?? fallbackName);
}

export type ExportProgress = (received: number, total: number | null) => void;

/**
 * `exportProviderCareRequests`: the selection as CSV or XLSX, streamed by the server and saved here.
 * A selection over the direct limit is refused (`ExportTooLarge`): it goes to a job instead.
 */
export async function exportProviderRequests(
  providerId: string,
  body: ProviderExport,
  fallbackName: string,
  { signal, onProgress }: { signal?: AbortSignal; onProgress?: ExportProgress } = {},
): Promise<void> {
  const response = await apiResponse(apiPath(operations.exportProviderCareRequests.path, { providerId }), {
    method: 'POST',
    body,
    ...(signal ? { signal } : {}),
  });
  await download(response, fallbackName, onProgress);
}

/** `downloadProviderExport`: a finished background export. */
export async function downloadProviderExport(providerId: string, exportId: string, fallbackName: string) {
  const response = await apiResponse(
    apiPath(operations.downloadProviderExport.path, { providerId, exportId }),
  );
  await download(response, fallbackName);
}

/** `downloadProviderCareRequestDocument`: a file the requester attached. */
export async function downloadProviderDocument(
  providerId: string,
  careRequestId: string,
  document: DocumentFile,
): Promise<void> {
  const response = await apiResponse(
    apiPath(operations.downloadProviderCareRequestDocument.path, {
      providerId,
      careRequestId,
      documentId: document.id,
    }),
  );
  await download(response, document.fileName);
}
