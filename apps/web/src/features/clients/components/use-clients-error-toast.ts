import { useTranslation } from 'react-i18next';
import { toast } from '@/components/overlays/toast.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { apiErrorMessageKeys } from '@/lib/api-error-message.ts';

/** Shows a failed call's message (its catalogue code's, else the generic one, SPEC §8) as a toast. */
export function useClientsErrorToast(): (error: unknown) => void {
  const { t } = useTranslation(['clients', 'errors']);
  return (error) => {
    toast.error(error instanceof ApiError ? t(apiErrorMessageKeys(error)) : t('errors:unknown'));
  };
}
