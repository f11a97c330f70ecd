import { Button, Group, Stack } from '@mantine/core';
import {
  type AdminServiceCategory,
  type ServiceCategoryUpdate,
  ServiceCategoryUpdateSchema,
} from '@opora/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DetailDialog } from '@/components/overlays/detail-dialog.tsx';
import { toast } from '@/components/overlays/toast.tsx';
import { AsyncButton } from '@/components/ui/async-button.tsx';
import { useContractForm } from '@/lib/forms/use-contract-form.ts';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { refreshServiceTypes, updateServiceCategory } from '../api/service-types.ts';
import { NameFields } from './name-fields.tsx';

type Values = { names: { cs: string; en: string; sk: string } };

const fields = ['names.cs', 'names.en', 'names.sk'] as const;

/**
 * A category's names in every interface language (decision 0131); its code and order stay. Saved on the
 * names read: another administrator's rename in between is refused (409, said in a toast) and the list
 * read again.
 */
export function ServiceCategoryDialog({
  category,
  onClose,
}: {
  /** The category renamed; null while the dialog is closed. */
  category: AdminServiceCategory | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin-service-types');
  const { locale } = useLocale();
  return (
    <DetailDialog
      opened={category !== null}
      onClose={onClose}
      title={category ? t('category.title', { name: category.names[locale] }) : ''}
    >
      {category ? <ServiceCategoryForm key={category.id} category={category} onClose={onClose} /> : null}
    </DetailDialog>
  );
}

function ServiceCategoryForm({ category, onClose }: { category: AdminServiceCategory; onClose: () => void }) {
  const { t } = useTranslation('admin-service-types');
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const { form, onSubmit, submitButton } = useContractForm<
    Values,
    ServiceCategoryUpdate,
    AdminServiceCategory
  >({
    schema: ServiceCategoryUpdateSchema,
    mode: 'controlled',
    initialValues: { names: { ...category.names } },
    toInput: (values) => ({ names: values.names, previousNames: category.names }),
    fields,
    submit: (body, { signal }) => updateServiceCategory(category.id, body, signal),
    onSuccess: async (saved) => {
      toast.success(t('category.done', { name: saved.names[locale] }));
      await refreshServiceTypes(queryClient);
      onClose();
    },
    // A refusal (another administrator's rename: 409 RecordChangedByAnother) shows as a toast; the list
    // is read again so the next rename starts from their names.
    onError: () => {
      void refreshServiceTypes(queryClient);
      return false;
    },
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="md">
        <NameFields inputProps={(path) => form.getInputProps(path)} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <AsyncButton type="submit" {...submitButton}>
            {t('category.submit')}
          </AsyncButton>
        </Group>
      </Stack>
    </form>
  );
}
