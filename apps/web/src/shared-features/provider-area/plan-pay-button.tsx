import { Button } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/overlays/toast.tsx';
import { wrappingButton } from '@/components/ui/wrapping-button.ts';
import { ApiError } from '@/lib/api-client.ts';
import { apiErrorMessageKeys } from '@/lib/api-error-message.ts';
import { useCreateProviderPlanCheckout } from './provider-plan.ts';

/**
 * The administrator's "pay / set up the monthly payment": opens the checkout and sends the browser to
 * the payment gateway's page, which brings it back to the plan page. A double click opens one checkout
 * (the server answers the open one); the button stays busy until the browser has left.
 */
export function PlanPayButton({ providerId, label }: { providerId: string; label: string }) {
  const { t } = useTranslation(['provider-plan', 'errors']);
  const checkout = useCreateProviderPlanCheckout();
  const leaving = useRef(false);
  const pay = () => {
    if (checkout.isPending || leaving.current) return;
    checkout.mutate(providerId, {
      onSuccess: (created) => {
        leaving.current = true;
        window.location.assign(created.redirectUrl);
      },
      onError: (error) => {
        toast.error(error instanceof ApiError ? t(apiErrorMessageKeys(error)) : t('errors:unknown'));
      },
    });
  };
  return (
    <Button
      {...wrappingButton}
      size="md"
      maw="100%"
      leftSection={<IconCreditCard size={20} aria-hidden />}
      loading={checkout.isPending || checkout.isSuccess}
      onClick={pay}
    >
      {label}
    </Button>
  );
}
