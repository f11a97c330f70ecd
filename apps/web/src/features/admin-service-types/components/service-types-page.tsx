import { Badge, Button, Group, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { AdminServiceCategory, AdminServiceType, Locale } from '@opora/contracts';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '@/components/overlays/confirm.tsx';
import { toast } from '@/components/overlays/toast.tsx';
import { LoadError, LoadingState } from '@/components/ui/page-states.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { apiErrorMessageKeys } from '@/lib/api-error-message.ts';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { queryClient as sharedQueryClient } from '@/lib/query-client.ts';
import {
  adminServiceTypesQueryOptions,
  deleteServiceType,
  refreshServiceTypes,
  retireServiceType,
  unretireServiceType,
  useAdminServiceTypes,
} from '../api/service-types.ts';
import { ServiceCategoryDialog } from './service-category-dialog.tsx';
import { ServiceTypeDialog } from './service-type-dialog.tsx';

/** Starts reading the list while the page's code loads. */
export async function prefetch() {
  await sharedQueryClient
    .prefetchQuery({ ...adminServiceTypesQueryOptions(), staleTime: 0 })
    .catch(() => undefined);
  return null;
}

/**
 * `/admin/service-types` (issue 25 §4, decision 0131): the service types by category with their names in
 * the interface language, how many services use each, retired ones marked; a type is added or edited in
 * a dialog, retired or brought back, and deleted while no service uses it.
 */
export function ServiceTypesPage() {
  const { t } = useTranslation(['admin-service-types', 'common']);
  const list = useAdminServiceTypes();
  const [dialog, setDialog] = useState<{ editing: AdminServiceType | null } | null>(null);
  const [renaming, setRenaming] = useState<AdminServiceCategory | null>(null);
  return (
    <Stack gap="xl">
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4} maw="42rem">
          <Title order={1}>{t('common:routes.adminServiceTypes.title')}</Title>
          <Text size="lg">{t('list.intro')}</Text>
        </Stack>
        <Button
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={() => setDialog({ editing: null })}
          disabled={!list.data}
        >
          {t('list.new')}
        </Button>
      </Group>
      {list.isError ? (
        <LoadError
          title={t('list.error.title')}
          text={t('list.error.text')}
          retryLabel={t('list.error.retry')}
          retrying={list.isFetching}
          onRetry={() => void list.refetch()}
        />
      ) : list.data ? (
        <>
          {list.data.categories.map((category) => (
            <CategoryGroup
              key={category.id}
              category={category}
              types={list.data.serviceTypes.filter((type) => type.serviceCategoryId === category.id)}
              onEdit={(type) => setDialog({ editing: type })}
              onRename={() => setRenaming(category)}
            />
          ))}
          <ServiceTypeDialog
            taxonomy={list.data}
            editing={dialog?.editing ?? null}
            opened={dialog !== null}
            onClose={() => setDialog(null)}
          />
          <ServiceCategoryDialog category={renaming} onClose={() => setRenaming(null)} />
        </>
      ) : (
        <LoadingState label={t('list.loading')}>
          <Stack gap="lg">
            <Skeleton height={200} radius="md" />
            <Skeleton height={80} radius="md" />
          </Stack>
        </LoadingState>
      )}
    </Stack>
  );
}

function CategoryGroup({
  category,
  types,
  onEdit,
  onRename,
}: {
  category: AdminServiceCategory;
  types: AdminServiceType[];
  onEdit: (type: AdminServiceType) => void;
  onRename: () => void;
}) {
  const { t } = useTranslation('admin-service-types');
  const { locale } = useLocale();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="center" gap="sm">
          <Title order={2} size="h3" id={headingId}>
            {category.names[locale]}
          </Title>
          <Button
            variant="default"
            size="xs"
            onClick={onRename}
            aria-label={t('action.renameCategoryNamed', { name: category.names[locale] })}
          >
            {t('action.renameCategory')}
          </Button>
        </Group>
        {types.length === 0 ? (
          <Text c="dark.6">{t('list.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm" aria-labelledby={headingId}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('column.name')}</Table.Th>
                  <Table.Th scope="col">{t('column.code')}</Table.Th>
                  <Table.Th scope="col">{t('column.services')}</Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>{t('column.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {types.map((type) => (
                  <TypeRow key={type.id} type={type} locale={locale} onEdit={() => onEdit(type)} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </section>
  );
}

function TypeRow({ type, locale, onEdit }: { type: AdminServiceType; locale: Locale; onEdit: () => void }) {
  const { t } = useTranslation(['admin-service-types', 'errors']);
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const name = type.names[locale];

  async function act(
    question: { title: string; message: string; confirmLabel: string; danger?: boolean },
    run: () => Promise<unknown>,
    done: string,
  ) {
    if (!(await confirm(question))) return;
    setBusy(true);
    try {
      await run();
      toast.success(done);
    } catch (error) {
      toast.error(error instanceof ApiError ? t(apiErrorMessageKeys(error)) : t('errors:unknown'));
    } finally {
      setBusy(false);
      await refreshServiceTypes(queryClient);
    }
  }

  return (
    <Table.Tr>
      <Table.Td>
        <Group gap="xs">
          <Text fw={600}>{name}</Text>
          {type.retiredAt ? (
            <Badge color="gray" variant="light">
              {t('badge.retired')}
            </Badge>
          ) : null}
        </Group>
        {type.legalReference ? (
          <Text size="sm" c="dark.6">
            {type.legalReference}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Text ff="monospace" size="sm">
          {type.code}
        </Text>
      </Table.Td>
      <Table.Td>{t('list.services', { count: type.servicesCount })}</Table.Td>
      <Table.Td>
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button
            variant="default"
            size="xs"
            onClick={onEdit}
            disabled={busy}
            aria-label={t('action.editNamed', { name })}
          >
            {t('action.edit')}
          </Button>
          {type.retiredAt ? (
            <Button
              variant="default"
              size="xs"
              disabled={busy}
              aria-label={t('action.unretireNamed', { name })}
              onClick={() =>
                void act(
                  {
                    title: t('unretire.title', { name }),
                    message: t('unretire.message'),
                    confirmLabel: t('action.unretire'),
                  },
                  () => unretireServiceType(type.id, type.revision),
                  t('unretire.done', { name }),
                )
              }
            >
              {t('action.unretire')}
            </Button>
          ) : (
            <Button
              variant="default"
              size="xs"
              disabled={busy}
              aria-label={t('action.retireNamed', { name })}
              onClick={() =>
                void act(
                  {
                    title: t('retire.title', { name }),
                    message: t('retire.message'),
                    confirmLabel: t('action.retire'),
                  },
                  () => retireServiceType(type.id, type.revision),
                  t('retire.done', { name }),
                )
              }
            >
              {t('action.retire')}
            </Button>
          )}
          {type.servicesCount === 0 ? (
            <Button
              variant="default"
              color="red.9"
              size="xs"
              disabled={busy}
              aria-label={t('action.deleteNamed', { name })}
              onClick={() =>
                void act(
                  {
                    title: t('delete.title', { name }),
                    message: t('delete.message'),
                    confirmLabel: t('action.delete'),
                    danger: true,
                  },
                  () => deleteServiceType(type.id),
                  t('delete.done', { name }),
                )
              }
            >
              {t('action.delete')}
            </Button>
          ) : null}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
