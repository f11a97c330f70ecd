import type {
  ProviderServiceInput,
  ProviderServiceStatusChange,
  ProviderServiceUpdate,
  ProviderSurveyDefinitionInput,
} from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation, operationKey, operationQueryOptions } from '@/lib/operations.ts';

// The provider's services (issue 23 §3): each operation's fetcher and query options once; every
// change refreshes what shows the service (its detail, the lists, its questionnaires, the preview).

export {
  providerServicesQueryOptions,
  useProviderServices,
} from '@/shared-features/provider-services/services-query.ts';

export function providerServiceQueryOptions(providerId: string, serviceId: string) {
  return operationQueryOptions(operations.getProviderService, { params: { providerId, serviceId } });
}

export function useProviderService(providerId: string, serviceId: string) {
  return useQuery(providerServiceQueryOptions(providerId, serviceId));
}

export function useServicePreview(providerId: string, serviceId: string) {
  return useQuery(
    operationQueryOptions(operations.previewProviderService, { params: { providerId, serviceId } }),
  );
}

export function useServiceSurveys(providerId: string, serviceId: string) {
  return useQuery(
    operationQueryOptions(operations.getProviderServiceSurveys, { params: { providerId, serviceId } }),
  );
}

/**
 * Every cached answer about the provider's services, after any change to one; the change confirmed the
 * listing too (decision 0108), so the provider area's banner reads it again.
 */
function useRefreshServices() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [
        operations.listProviderServices,
        operations.getProviderService,
        operations.previewProviderService,
        operations.getProviderServiceSurveys,
        operations.getListingConfirmation,
      ].map((operation) => queryClient.invalidateQueries({ queryKey: operationKey(operation) })),
    );
}

export function createProviderService(providerId: string, body: ProviderServiceInput) {
  return callOperation(operations.createProviderService, { params: { providerId }, body });
}

export function updateProviderService(providerId: string, serviceId: string, body: ProviderServiceUpdate) {
  return callOperation(operations.updateProviderService, { params: { providerId, serviceId }, body });
}

export function useRefreshedAfter() {
  return useRefreshServices();
}

export function useChangeServiceStatus(providerId: string, serviceId: string) {
  const refresh = useRefreshServices();
  return useMutation({
    mutationFn: (body: ProviderServiceStatusChange) =>
      callOperation(operations.changeProviderServiceStatus, { params: { providerId, serviceId }, body }),
    onSettled: refresh,
  });
}

export function useSaveServiceSurveys(providerId: string, serviceId: string) {
  const refresh = useRefreshServices();
  return useMutation({
    mutationFn: (surveyDefinitionIds: string[]) =>
      callOperation(operations.saveProviderServiceSurveys, {
        params: { providerId, serviceId },
        body: { surveyDefinitionIds },
      }),
    onSettled: refresh,
  });
}

export function createProviderSurveyDefinition(providerId: string, body: ProviderSurveyDefinitionInput) {
  return callOperation(operations.createProviderSurveyDefinition, { params: { providerId }, body });
}

export function useDeleteProviderSurvey(providerId: string) {
  const refresh = useRefreshServices();
  return useMutation({
    mutationFn: (surveyDefinitionId: string) =>
      callOperation(operations.deleteProviderSurveyDefinition, {
        params: { providerId, surveyDefinitionId },
      }),
    onSettled: refresh,
  });
}
