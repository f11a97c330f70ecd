import { NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { type ProviderEntrySource, type ProviderMembership, providerEntrySources } from '@opora/contracts';
import { useTranslation } from 'react-i18next';
import { useProviderServices } from '@/shared-features/provider-services/services-query.ts';

/** A request the provider enters for its own client, as its form holds it (`ProviderEntryRequestSchema`). */
export type EntryRequestValues = {
  facilityServiceId: string;
  source: ProviderEntrySource | '';
  message: string;
};

export const emptyEntryRequest: EntryRequestValues = { facilityServiceId: '', source: '', message: '' };

/** The schema's input: nothing chosen is left out (the schema says what is missing). */
export function toEntryRequestInput(values: EntryRequestValues) {
  return {
    facilityServiceId: values.facilityServiceId,
    source: values.source === '' ? undefined : values.source,
    message: values.message,
  };
}

/** The request's body properties under `request.` (both forms keep it there), as the fields name them. */
export const entryRequestFields: Readonly<Record<string, string>> = Object.fromEntries(
  ['facilityServiceId', 'source', 'message'].map((field) => [`request.${field}`, `request.${field}`]),
);

type EntryForm = UseFormReturnType<{ request: EntryRequestValues }>;

/**
 * The services the person may enter a request on: active ones, and for a worker only those of their
 * facilities (the API refuses the rest), grouped by facility when there are several.
 */
function useEntryServices(acting: ProviderMembership) {
  const services = useProviderServices(acting.providerId, { status: 'active' });
  const worker = !acting.roles.some((role) => role === 'providerAdmin' || role === 'providerCoordinator');
  const theirs = new Set(acting.facilities.map((facility) => facility.id));
  const items = (services.data?.items ?? []).filter(
    (service) => service.status === 'active' && (!worker || theirs.has(service.facility.id)),
  );
  return { services, items };
}

/**
 * The service (one of the provider's active services), where the request came from and what the
 * client asked for. `form` keeps them under `request`.
 */
export function EntryRequestFields<Values extends { request: EntryRequestValues }>({
  form: anyForm,
  acting,
}: {
  form: UseFormReturnType<Values>;
  acting: ProviderMembership;
}) {
  const { t } = useTranslation(['provider-clients', 'provider']);
  // Mantine's path types cannot follow a generic form: the request's part of it.
  const form = anyForm as unknown as EntryForm;
  const { services, items } = useEntryServices(acting);
  const facilities = [...new Map(items.map((service) => [service.facility.id, service.facility])).values()];
  const placeholder = services.isError
    ? t('request.servicesError')
    : services.isPending
      ? t('request.servicesLoading')
      : items.length === 0
        ? t('request.noServices')
        : t('request.choose');
  const options =
    facilities.length > 1
      ? facilities.map((facility) => ({
          group: facility.name,
          items: items
            .filter((service) => service.facility.id === facility.id)
            .map((service) => ({ value: service.id, label: service.name })),
        }))
      : items.map((service) => ({ value: service.id, label: service.name }));
  return (
    <Stack gap="md">
      <NativeSelect
        label={t('request.service')}
        description={t('request.serviceHint')}
        withAsterisk
        data={[{ value: '', label: placeholder }, ...options]}
        {...form.getInputProps('request.facilityServiceId')}
      />
      {services.isSuccess && items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('request.noServicesText')}
        </Text>
      ) : null}
      <NativeSelect
        label={t('request.source')}
        withAsterisk
        data={[
          { value: '', label: t('request.choose') },
          ...providerEntrySources.map((source) => ({ value: source, label: t(`provider:source.${source}`) })),
        ]}
        {...form.getInputProps('request.source')}
      />
      <Textarea
        size="md"
        label={t('request.message')}
        description={t('request.messageHint')}
        autosize
        minRows={3}
        maxRows={10}
        maxLength={2000}
        {...form.getInputProps('request.message')}
      />
    </Stack>
  );
}
