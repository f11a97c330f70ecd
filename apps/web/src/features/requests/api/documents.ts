import { buildHref, type DocumentFile } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { apiBasePath, apiRequest, apiResponse } from '@/lib/api-client.ts';

/** What documents belong to: the request being prepared (review page) or the sent request. */
export type DocumentOwner = { draftId: string } | { careRequestId: string };

type Verb = 'put' | 'download' | 'delete';

const routes = {
  draft: {
    put: operations.putRequestDraftDocument,
    download: operations.downloadRequestDraftDocument,
    delete: operations.deleteRequestDraftDocument,
  },
  request: {
    put: operations.putCareRequestDocument,
    download: operations.downloadCareRequestDocument,
    delete: operations.deleteCareRequestDocument,
  },
} as const;

/** The path of an operation on one document, from the contracts' table (never retyped). */
function documentPath(owner: DocumentOwner, documentId: string, verb: Verb): `/${string}` {
  const route = routes['draftId' in owner ? 'draft' : 'request'][verb];
  return buildHref(route.path.slice(apiBasePath.length), { ...owner, documentId }) as `/${string}`;
}

/**
 * `putRequestDraftDocument` / `putCareRequestDocument`: the file's bytes under an id made here, so a
 * repeated upload (a retry after a lost answer) answers the same document.
 */
export function uploadDocument(owner: DocumentOwner, documentId: string, file: File): Promise<DocumentFile> {
  return apiRequest<DocumentFile>(documentPath(owner, documentId, 'put'), {
    method: 'PUT',
    query: { name: file.name },
    body: file,
  });
}

/** `deleteRequestDraftDocument` / `deleteCareRequestDocument`. */
export function deleteDocument(owner: DocumentOwner, documentId: string): Promise<void> {
  return apiRequest<void>(documentPath(owner, documentId, 'delete'), { method: 'DELETE' });
}

/**
 * `downloadRequestDraftDocument` / `downloadCareRequestDocument`: fetched with the session's token
 * (a plain link would carry none), then handed to the browser as a download under its name.
 */
export async function downloadDocument(owner: DocumentOwner, document: DocumentFile): Promise<void> {
  const response = await apiResponse(documentPath(owner, document.id, 'download'));
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = window.document.createElement('a');
    link.href = url;
    link.download = document.fileName;
    link.rel = 'noopener';
    window.document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has handed the file over; revoking at once can cancel it in some browsers.
    window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
