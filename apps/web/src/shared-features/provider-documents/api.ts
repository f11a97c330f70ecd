import { buildHref, type ProviderDocument, type ProviderDocumentUploadQuery } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { useQuery } from '@tanstack/react-query';
import { apiBasePath, apiRequest, apiResponse } from '@/lib/api-client.ts';
import { operationQueryOptions } from '@/lib/operations.ts';

// A provider's documents for its verification (decision 0130): its administrators upload them on the
// profile, staff download them from the check. Files need the session's token, which a plain link would
// not carry: they are fetched, then handed to the browser as a download.

function apiPath(pattern: string, params: Record<string, string>): `/${string}` {
  return buildHref(pattern.slice(apiBasePath.length), params) as `/${string}`;
}

/** `listProviderDocuments`: the documents, the services to link, who may change them. */
export function providerDocumentsQueryOptions(providerId: string) {
  return operationQueryOptions(operations.listProviderDocuments, { params: { providerId } });
}

export function useProviderDocuments(providerId: string) {
  return useQuery({ ...providerDocumentsQueryOptions(providerId), staleTime: 0 });
}

/** `putProviderDocument`: the file's bytes under an id made here, so a retry answers the same document. */
export function uploadProviderDocument(
  providerId: string,
  documentId: string,
  file: File,
  query: Omit<ProviderDocumentUploadQuery, 'name'>,
): Promise<ProviderDocument> {
  return apiRequest<ProviderDocument>(
    apiPath(operations.putProviderDocument.path, { providerId, documentId }),
    {
      method: 'PUT',
      query: {
        name: file.name,
        kind: query.kind,
        ...(query.facilityServiceId ? { facilityServiceId: query.facilityServiceId } : {}),
      },
      body: file,
    },
  );
}

export function deleteProviderDocument(providerId: string, documentId: string): Promise<void> {
  return apiRequest<void>(apiPath(operations.deleteProviderDocument.path, { providerId, documentId }), {
    method: 'DELETE',
  });
}

async function saveResponse(response: Response, fileName: string): Promise<void> {
  const url = URL.createObjectURL(await response.blob());
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

/** `downloadProviderDocument`: the provider's own copy. */
export async function downloadProviderDocument(providerId: string, document: ProviderDocument) {
  const response = await apiResponse(
    apiPath(operations.downloadProviderDocument.path, { providerId, documentId: document.id }),
  );
  await saveResponse(response, document.fileName);
}

/** `downloadVerificationDocument`: staff's download from the check (each one is in the audit log). */
export async function downloadVerificationDocument(verificationId: string, document: ProviderDocument) {
  const response = await apiResponse(
    apiPath(operations.downloadVerificationDocument.path, { verificationId, documentId: document.id }),
  );
  await saveResponse(response, document.fileName);
}
