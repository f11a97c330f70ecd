import { Button, Group, NativeSelect, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  type AdminServiceTaxonomy,
  type AdminServiceType,
  ServiceTypeCreateSchema,
  ServiceTypeUpdateSchema,
  serviceForms,
} from '@opora/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DetailDialog } from '@/components/overlays/detail-dialog.tsx';
import { toast } from '@/components/overlays/toast.tsx';
import { AsyncButton } from '@/components/ui/async-button.tsx';
import { useContractForm } from '@/lib/forms/use-contract-form.ts';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { createServiceType, refreshServiceTypes, updateServiceType } from '../api/service-types.ts';
import { NameFields } from './name-fields.tsx';

type Values = {
  code: string;
  serviceCategoryId: string;
  form: string;
  legalReference: string;
  sortOrder: number | string;
  names: { cs: string; en: string; sk: string };
};

const fields = [
  'code',
  'serviceCategoryId',
  'form',
  'legalReference',
  'sortOrder',
  'names.cs',
  'names.en',
  'names.sk',
] as const;

/**
 * A new service type, or a type's names, legal reference and order (decision 0131): the code, category
 * and form are chosen once. An edit is saved on the revision read; another administrator's save in
 * between is refused (409) and the list read again.
 */
export function ServiceTypeDialog({
  taxonomy,
  editing,
  opened,
  onClose,
}: {
  taxonomy: AdminServiceTaxonomy;
  /** The type edited; null for a new one. */
  editing: AdminServiceType | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin-service-types');
  return (
    <DetailDialog
      opened={opened}
      onClose={onClose}
      title={editing ? t('edit.title', { code: editing.code }) : t('create.title')}
      size="lg"
    >
      {opened ? <ServiceTypeForm taxonomy={taxonomy} editing={editing} onClose={onClose} /> : null}
    </DetailDialog>
  );
}

function ServiceTypeForm({
  taxonomy,
  editing,
  onClose,
}: {
  taxonomy: AdminServiceTaxonomy;
  editing: AdminServiceType | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['admin-service-types', 'catalogue']);
  const { locale: interfaceLocale } = useLocale();
  const queryClient = useQueryClient();
  const initialValues: Values = editing
    ? {
        code: editing.code,
        serviceCategoryId: editing.serviceCategoryId,
        form: editing.form,
        legalReference: editing.legalReference ?? '',
        sortOrder: editing.sortOrder,
        names: { ...editing.names },
      }
    : {
        code: '',
        serviceCategoryId: taxonomy.categories[0]?.id ?? '',
        form: 'field',
        legalReference: '',
        sortOrder: '',
        names: { cs: '', en: '', sk: '' },
      };
  const { form, onSubmit, submitButton } = useContractForm<Values, unknown, AdminServiceType>({
    schema: (editing ? ServiceTypeUpdateSchema : ServiceTypeCreateSchema) as never,
    mode: 'controlled',
    initialValues,
    toInput: (values) => {
      const common = {
        legalReference: values.legalReference.trim() === '' ? null : values.legalReference,
        names: values.names,
      };
      const sortOrder = typeof values.sortOrder === 'number' ? values.sortOrder : undefined;
      return editing
        ? { ...common, revision: editing.revision, sortOrder: sortOrder ?? editing.sortOrder }
        : {
            ...common,
            code: values.code.trim(),
            serviceCategoryId: values.serviceCategoryId,
            form: values.form,
            ...(sortOrder === undefined ? {} : { sortOrder }),
          };
    },
    fields,
    submit: (body, { signal }) =>
      editing
        ? updateServiceType(editing.id, body as never, signal)
        : createServiceType(body as never, signal),
    onSuccess: async (saved) => {
      toast.success(t(editing ? 'edit.done' : 'create.done', { name: saved.names[interfaceLocale] }));
      await refreshServiceTypes(queryClient);
      onClose();
    },
    // A refusal (another administrator's save: 409 RecordChangedByAnother) shows as a toast; the list is
    // read again so the next edit starts from their values.
    onError: () => {
      void refreshServiceTypes(queryClient);
      return false;
    },
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label={t('field.code')}
            description={t('field.codeHint')}
            withAsterisk={!editing}
            disabled={editing !== null}
            maxLength={60}
            {...form.getInputProps('code')}
          />
          <NativeSelect
            label={t('field.category')}
            disabled={editing !== null}
            data={taxonomy.categories.map((category) => ({
              value: category.id,
              label: category.names[interfaceLocale],
            }))}
            {...form.getInputProps('serviceCategoryId')}
          />
          <NativeSelect
            label={t('field.form')}
            disabled={editing !== null}
            data={serviceForms.map((each) => ({ value: each, label: t(`catalogue:forms.${each}`) }))}
            {...form.getInputProps('form')}
          />
          <NumberInput
            size="md"
            label={t('field.sortOrder')}
            description={t('field.sortOrderHint')}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            hideControls
            {...form.getInputProps('sortOrder')}
          />
        </SimpleGrid>
        <TextInput
          label={t('field.legalReference')}
          description={t('field.legalReferenceHint')}
          maxLength={200}
          {...form.getInputProps('legalReference')}
        />
        <NameFields inputProps={(path) => form.getInputProps(path)} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <AsyncButton type="submit" {...submitButton}>
            {editing ? t('edit.submit') : t('create.submit')}
          </AsyncButton>
        </Group>
      </Stack>
    </form>
  );
}
