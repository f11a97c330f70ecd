import {
  Badge,
  Button,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  formatPhone,
  type ProviderContact,
  type ProviderContactCreate,
  ProviderContactCreateSchema,
  ProviderContactSchema,
  type ProviderContactUpdate,
  ProviderContactUpdateSchema,
} from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '@/components/overlays/confirm.tsx';
import { DetailDialog } from '@/components/overlays/detail-dialog.tsx';
import { toast } from '@/components/overlays/toast.tsx';
import { AsyncButton } from '@/components/ui/async-button.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { apiErrorMessageKeys } from '@/lib/api-error-message.ts';
import { type ConflictField, useRevisionedForm } from '@/lib/forms/use-revisioned-form.tsx';
import { operationKey } from '@/lib/operations.ts';
import { createContact, deleteContact, saveContact } from '../api/provider-profile.ts';
import { type ContactFormValues, contactValues, emptyContact } from '../utils/record-values.ts';

type Editing = { kind: 'create' } | { kind: 'edit'; contact: ProviderContact };

const contactFields = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'alternatePhone',
  'note',
  'type',
] as const satisfies readonly (keyof ContactFormValues)[];

/** The contact add/edit modal's form (SPEC §2): a new contact, or the one edited at its revision. */
function ContactForm({
  providerId,
  facilityId,
  editing,
  onDone,
}: {
  providerId: string;
  facilityId: string | null;
  editing: Editing;
  onDone: () => void;
}) {
  const { t } = useTranslation(['provider-profile', 'enums']);
  const queryClient = useQueryClient();
  const toInput = (values: ContactFormValues) => {
    const { revision, ...fields } = values;
    return editing.kind === 'create' ? { ...fields, facilityId } : { ...fields, revision };
  };
  const conflictFields: ConflictField<ContactFormValues>[] = [
    { label: t('contacts.firstName'), text: (v) => v.firstName },
    { label: t('contacts.lastName'), text: (v) => v.lastName },
    { label: t('contacts.email'), text: (v) => v.email },
    { label: t('contacts.phone'), text: (v) => v.phone },
    { label: t('contacts.alternatePhone'), text: (v) => v.alternatePhone },
    { label: t('contacts.note'), text: (v) => v.note },
    { label: t('contacts.type'), text: (v) => t(`contacts.types.${v.type}`) },
  ];
  const { form, onSubmit, submitButton, conflict } = useRevisionedForm<
    ContactFormValues,
    ProviderContactCreate | ProviderContactUpdate,
    ProviderContact,
    ProviderContact
  >({
    schema: editing.kind === 'create' ? ProviderContactCreateSchema : ProviderContactUpdateSchema,
    mode: 'controlled',
    initialValues: editing.kind === 'create' ? emptyContact : contactValues(editing.contact),
    toInput,
    fields: [...contactFields],
    submit: (body) =>
      editing.kind === 'create'
        ? createContact(providerId, body as ProviderContactCreate)
        : saveContact(providerId, editing.contact.id, body as ProviderContactUpdate),
    recordSchema: ProviderContactSchema,
    toValues: contactValues,
    conflictFields,
    leavesOnSuccess: true,
    onSuccess: async () => {
      toast.success(t(editing.kind === 'create' ? 'contacts.added' : 'contacts.saved'));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: operationKey(operations.getProviderProfile) }),
        queryClient.invalidateQueries({ queryKey: operationKey(operations.getProviderFacility) }),
        queryClient.invalidateQueries({ queryKey: operationKey(operations.getListingConfirmation) }),
      ]);
      onDone();
    },
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="md">
        {conflict}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('contacts.firstName')}
            withAsterisk
            data-autofocus
            autoComplete="off"
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label={t('contacts.lastName')}
            withAsterisk
            autoComplete="off"
            {...form.getInputProps('lastName')}
          />
          <TextInput
            label={t('contacts.email')}
            type="email"
            autoComplete="off"
            {...form.getInputProps('email')}
          />
          <TextInput
            label={t('contacts.phone')}
            description={t('contacts.phoneHint')}
            type="tel"
            autoComplete="off"
            {...form.getInputProps('phone')}
          />
          <TextInput
            label={t('contacts.alternatePhone')}
            description={t('contacts.phoneHint')}
            type="tel"
            autoComplete="off"
            {...form.getInputProps('alternatePhone')}
          />
        </SimpleGrid>
        <Textarea label={t('contacts.note')} autosize minRows={2} {...form.getInputProps('note')} />
        <Stack gap={4}>
          <Text fw={500} size="sm" id="contact-type-label">
            {t('contacts.type')}
          </Text>
          <SegmentedControl
            aria-labelledby="contact-type-label"
            data={[
              { value: 'private', label: t('contacts.types.private') },
              { value: 'public', label: t('contacts.types.public') },
            ]}
            {...form.getInputProps('type')}
          />
          <Text size="sm" c="dimmed">
            {t(`contacts.typeHints.${form.values.type}`)}
          </Text>
        </Stack>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('contacts.cancel')}
          </Button>
          <AsyncButton type="submit" {...submitButton}>
            {t('contacts.save')}
          </AsyncButton>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * A Contacts tab (the provider's or a facility's): the list, the add/edit modal and deletion with
 * confirmation. `inherited`: a facility "same as provider" shows the provider's contacts, read-only.
 */
export function ContactsPanel({
  providerId,
  facilityId,
  contacts,
  canEdit,
  inherited = false,
}: {
  providerId: string;
  facilityId: string | null;
  contacts: readonly ProviderContact[];
  canEdit: boolean;
  inherited?: boolean;
}) {
  const { t } = useTranslation(['provider-profile', 'errors']);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing | null>(null);
  const editable = canEdit && !inherited;

  const remove = async (contact: ProviderContact) => {
    const confirmed = await confirm({
      title: t('contacts.deleteTitle'),
      message: t('contacts.deleteMessage', { name: contact.fullName }),
      confirmLabel: t('contacts.delete'),
      danger: true,
    });
    if (!confirmed) return;
    try {
      await deleteContact(providerId, contact.id, contact.revision);
      toast.success(t('contacts.deleted', { name: contact.fullName }));
    } catch (error) {
      toast.error(error instanceof ApiError ? t(apiErrorMessageKeys(error)) : t('errors:unknown'));
    }
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: operationKey(operations.getProviderProfile) }),
      queryClient.invalidateQueries({ queryKey: operationKey(operations.getProviderFacility) }),
      queryClient.invalidateQueries({ queryKey: operationKey(operations.getListingConfirmation) }),
    ]);
  };

  return (
    <Stack gap="md">
      {inherited ? <Text c="dimmed">{t('contacts.inherited')}</Text> : null}
      {editable ? (
        <div>
          <Button
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() => setEditing({ kind: 'create' })}
          >
            {t('contacts.add')}
          </Button>
        </div>
      ) : null}
      {contacts.length === 0 ? (
        <Text>{t('contacts.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('contacts.name')}</Table.Th>
                <Table.Th scope="col">{t('contacts.type')}</Table.Th>
                <Table.Th scope="col">{t('contacts.email')}</Table.Th>
                <Table.Th scope="col">{t('contacts.phone')}</Table.Th>
                <Table.Th scope="col">{t('contacts.note')}</Table.Th>
                {editable ? <Table.Th scope="col">{t('contacts.actions')}</Table.Th> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {contacts.map((contact) => (
                <Table.Tr key={contact.id}>
                  <Table.Th scope="row">{contact.fullName}</Table.Th>
                  <Table.Td>
                    <Badge
                      variant={contact.type === 'public' ? 'filled' : 'outline'}
                      color={contact.type === 'public' ? 'teal.9' : 'gray.7'}
                    >
                      {t(`contacts.types.${contact.type}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{contact.email}</Table.Td>
                  <Table.Td>
                    {[contact.phone, contact.alternatePhone]
                      .filter((phone) => phone !== null)
                      .map((phone) => formatPhone(phone))
                      .join(', ')}
                  </Table.Td>
                  <Table.Td>{contact.note}</Table.Td>
                  {editable ? (
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="default"
                          leftSection={<IconPencil size={16} aria-hidden />}
                          aria-label={t('contacts.editLabel', { name: contact.fullName })}
                          onClick={() => setEditing({ kind: 'edit', contact })}
                        >
                          {t('contacts.edit')}
                        </Button>
                        <Button
                          size="xs"
                          variant="default"
                          color="red.9"
                          leftSection={<IconTrash size={16} aria-hidden />}
                          aria-label={t('contacts.deleteLabel', { name: contact.fullName })}
                          onClick={() => void remove(contact)}
                        >
                          {t('contacts.delete')}
                        </Button>
                      </Group>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <DetailDialog
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={t(editing?.kind === 'edit' ? 'contacts.editTitle' : 'contacts.addTitle')}
        size="lg"
      >
        {editing ? (
          <ContactForm
            key={editing.kind === 'edit' ? editing.contact.id : 'new'}
            providerId={providerId}
            facilityId={facilityId}
            editing={editing}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </DetailDialog>
    </Stack>
  );
}
