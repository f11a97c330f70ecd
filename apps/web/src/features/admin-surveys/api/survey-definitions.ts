import type {
  SurveyDefinitionInput,
  SurveyDefinitionSummary,
  SurveyDefinitionUpdate,
  SurveyDefinitionVersion,
} from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { callOperation, operationKey, operationQueryOptions } from '@/lib/operations.ts';

/** `listSurveyDefinitions`: every definition, the platform's first, by type and newest version. */
export function surveyDefinitionsQueryOptions() {
  return operationQueryOptions(operations.listSurveyDefinitions, {});
}

/** Read afresh on every visit: answers keep arriving, and other staff publish and retire. */
export function useSurveyDefinitions() {
  return useQuery({ ...surveyDefinitionsQueryOptions(), staleTime: 0 });
}

/** `getSurveyDefinition`: one definition with its answers' count. */
export function surveyDefinitionQueryOptions(surveyDefinitionId: string) {
  return operationQueryOptions(operations.getSurveyDefinition, { params: { surveyDefinitionId } });
}

export function useSurveyDefinition(surveyDefinitionId: string) {
  return useQuery({
    ...surveyDefinitionQueryOptions(surveyDefinitionId),
    staleTime: 0,
    // A draft being edited is not read again behind the editor's back.
    refetchOnWindowFocus: false,
  });
}

export function createSurveyDefinition(body: SurveyDefinitionInput, signal?: AbortSignal) {
  return callOperation(operations.createSurveyDefinition, { body }, { signal });
}

export function updateSurveyDefinition(
  surveyDefinitionId: string,
  body: SurveyDefinitionUpdate,
  signal?: AbortSignal,
) {
  return callOperation(
    operations.updateSurveyDefinition,
    { params: { surveyDefinitionId }, body },
    { signal },
  );
}

export function publishSurveyDefinition(surveyDefinitionId: string) {
  return callOperation(operations.publishSurveyDefinition, { params: { surveyDefinitionId } });
}

export function createSurveyDefinitionVersion(
  surveyDefinitionId: string,
  body: SurveyDefinitionVersion,
  signal?: AbortSignal,
) {
  return callOperation(
    operations.createSurveyDefinitionVersion,
    { params: { surveyDefinitionId }, body },
    { signal },
  );
}

export function retireSurveyDefinition(surveyDefinitionId: string) {
  return callOperation(operations.retireSurveyDefinition, { params: { surveyDefinitionId } });
}

export function deleteSurveyDefinition(surveyDefinitionId: string) {
  return callOperation(operations.deleteSurveyDefinition, { params: { surveyDefinitionId } });
}

/**
 * After a change: the definition as the answer has it (when the answer is a summary), the list and the
 * audit log (which now lists the change) read again.
 */
export async function storeSurveyDefinitionChange(
  queryClient: QueryClient,
  change: { summary: SurveyDefinitionSummary } | { changedId: string },
) {
  if ('summary' in change) {
    queryClient.setQueryData(surveyDefinitionQueryOptions(change.summary.id).queryKey, change.summary);
  }
  await Promise.all([
    'changedId' in change
      ? queryClient.invalidateQueries({ queryKey: surveyDefinitionQueryOptions(change.changedId).queryKey })
      : null,
    queryClient.invalidateQueries({ queryKey: operationKey(operations.listSurveyDefinitions) }),
    queryClient.invalidateQueries({ queryKey: operationKey(operations.listStaffAudit) }),
  ]);
}
