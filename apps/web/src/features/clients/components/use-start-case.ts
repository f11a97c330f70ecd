import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths.ts';
import { createCase, createClientCase } from '../api/create-case.ts';
import { useClientsErrorToast } from './use-clients-error-toast.ts';

/**
 * One creation key per intended case: kept while the call is repeated (a double click, a retry after
 * an error), a new one once a case was opened.
 */
function useCreationKey() {
  const key = useRef<string>(crypto.randomUUID());
  return {
    current: () => key.current,
    renew: () => {
      key.current = crypto.randomUUID();
    },
  };
}

/** "Add client": a new case, then the new-client wizard's first step for it. */
export function useAddClient() {
  const { t } = useTranslation('clients');
  const navigate = useNavigate();
  const toastError = useClientsErrorToast();
  const creationKey = useCreationKey();
  return useMutation({
    mutationFn: () => createCase(t, creationKey.current()),
    onSettled: (created) => created && creationKey.renew(),
    onSuccess: (created) => navigate(paths.newClientWizardNewClient.getHref({ caseId: created.id })),
    onError: toastError,
  });
}

/**
 * "Describe the need again": a new case of the client, then the new-case wizard's questionnaire,
 * which reads the case from `?caseId=`.
 */
export function useNewClientCase(clientId: string) {
  const { t } = useTranslation('clients');
  const navigate = useNavigate();
  const toastError = useClientsErrorToast();
  const creationKey = useCreationKey();
  return useMutation({
    mutationFn: () => createClientCase(t, clientId, creationKey.current()),
    onSettled: (created) => created && creationKey.renew(),
    onSuccess: (created) =>
      navigate(paths.newCaseWizardExtCaseSurvey.getHref({ clientId }, { caseId: created.id })),
    onError: toastError,
  });
}
