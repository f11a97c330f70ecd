import type { ProviderExport } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation, operationKey, operationQueryOptions } from '@/lib/operations.ts';

const pollMs = 5_000;

/** `listProviderExportJobs`: the caller's background exports ("My exports"). */
export function exportJobsQueryOptions(providerId: string) {
  return operationQueryOptions(operations.listProviderExportJobs, { params: { providerId } });
}

export function useExportJobs(providerId: string) {
  return useQuery({
    ...exportJobsQueryOptions(providerId),
    staleTime: 0,
    // Looked at again every few seconds while one is still being made.
    refetchInterval: (query) =>
      query.state.data?.items.some((job) => job.state === 'queued' || job.state === 'running')
        ? pollMs
        : false,
  });
}

/** `createProviderExportJob`: a large export made in the background; the caller gets an e-mail. */
export function useCreateExportJob(providerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProviderExport) =>
      callOperation(operations.createProviderExportJob, { params: { providerId }, body }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: operationKey(operations.listProviderExportJobs) }),
  });
}
