import { Button } from '@mantine/core';
import type { Client } from '@opora/contracts';
import { IconX } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/overlays/toast.tsx';
import { useUpdateClient } from '../api/update-client.ts';
import { clientFormValues } from '../utils/client-form-values.ts';
import { ClientForm } from './client-form.tsx';

/**
 * The client form prefilled with the stored client (`updateClient`). The birth number field starts
 * empty with the masked number as its hint: left empty it keeps the stored one.
 */
export function EditClient({ client, onDone }: { client: Client; onDone: () => void }) {
  const { t } = useTranslation('clients');
  const updateCall = useUpdateClient(client.id);
  const initialValues = useMemo(() => clientFormValues(client), [client]);
  return (
    <ClientForm
      mode={{ kind: 'update', client, submit: (body) => updateCall.mutateAsync(body) }}
      initialValues={initialValues}
      submitLabel={t('details.save')}
      onSuccess={() => {
        toast.success(t('details.saved'));
        onDone();
      }}
      secondaryAction={
        <Button variant="default" size="lg" leftSection={<IconX size={20} aria-hidden />} onClick={onDone}>
          {t('details.cancel')}
        </Button>
      }
    />
  );
}
