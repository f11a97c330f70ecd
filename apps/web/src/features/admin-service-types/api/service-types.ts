import type { ServiceCategoryUpdate, ServiceTypeCreate, ServiceTypeUpdate } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { callOperation, operationKey, operationQueryOptions } from '@/lib/operations.ts';

/** `listAdminServiceTypes`: every category and type with names and usage, read afresh on every visit. */
export function adminServiceTypesQueryOptions() {
  return operationQueryOptions(operations.listAdminServiceTypes, {});
}

export function useAdminServiceTypes() {
  return useQuery({ ...adminServiceTypesQueryOptions(), staleTime: 0 });
}

export function createServiceType(body: ServiceTypeCreate, signal?: AbortSignal) {
  return callOperation(operations.createServiceType, { body }, { signal });
}

export function updateServiceType(serviceTypeId: string, body: ServiceTypeUpdate, signal?: AbortSignal) {
  return callOperation(operations.updateServiceType, { params: { serviceTypeId }, body }, { signal });
}

export function retireServiceType(serviceTypeId: string, revision: number) {
  return callOperation(operations.retireServiceType, { params: { serviceTypeId }, body: { revision } });
}

export function unretireServiceType(serviceTypeId: string, revision: number) {
  return callOperation(operations.unretireServiceType, { params: { serviceTypeId }, body: { revision } });
}

export function deleteServiceType(serviceTypeId: string) {
  return callOperation(operations.deleteServiceType, { params: { serviceTypeId } });
}

/** A category's names, saved on the names read (409 `RecordChangedByAnother` when renamed since). */
export function updateServiceCategory(
  serviceCategoryId: string,
  body: ServiceCategoryUpdate,
  signal?: AbortSignal,
) {
  return callOperation(operations.updateServiceCategory, { params: { serviceCategoryId }, body }, { signal });
}

/** After a change: the console's list and the public taxonomy (forms, filters, names) are read again. */
export async function refreshServiceTypes(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: operationKey(operations.listAdminServiceTypes) }),
    queryClient.invalidateQueries({ queryKey: operationKey(operations.listServiceTypes) }),
  ]);
}
