import {
  Fieldset,
  Group,
  MultiSelect,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  type Currency,
  currencies,
  type ProviderService,
  ProviderServiceInputSchema,
  ProviderServiceSchema,
  ProviderServiceUpdateSchema,
  serviceForms,
  vatRatesByCurrency,
} from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AsyncButton } from '@/components/ui/async-button.tsx';
import type { FormSchema } from '@/lib/forms/form-errors.tsx';
import { type ConflictField, useRevisionedForm } from '@/lib/forms/use-revisioned-form.tsx';
import { useOperationQuery } from '@/lib/operations.ts';
import { useRegions } from '@/lib/reference-data/regions.ts';
import { useServiceTaxonomy } from '@/lib/reference-data/service-taxonomy.ts';
import { useServiceTypeName } from '@/lib/reference-data/use-service-type-name.ts';
import { useActingProvider } from '@/shared-features/provider-area/provider-area.tsx';

export type Pricing = 'fixed' | 'individual' | 'later';

export type ServiceFormValues = {
  name: string;
  facilityId: string;
  serviceTypeId: string;
  /** '' keeps the type's usual form. */
  form: string;
  countyCodes: string[];
  place: string;
  url: string;
  /** The service's number in the public register of social services; '' for none. */
  registerNumber: string;
  pricing: Pricing;
  amount: string;
  currency: Currency;
  vatRatePercent: string;
  description: string;
  /** The revision the values were read at; 0 for a new service. */
  revision: number;
};

/** The form's values of a stored service, or of a new one (in `facilityId` when given). */
export function serviceFormValues(service: ProviderService | null, facilityId = ''): ServiceFormValues {
  if (!service) {
    return {
      name: '',
      facilityId,
      serviceTypeId: '',
      form: '',
      countyCodes: [],
      place: '',
      url: '',
      registerNumber: '',
      pricing: 'fixed',
      amount: '',
      currency: 'CZK',
      vatRatePercent: '0',
      description: '',
      revision: 0,
    };
  }
  const { price } = service;
  return {
    name: service.name,
    facilityId: service.facility.id,
    serviceTypeId: service.serviceType.id,
    form: service.form,
    countyCodes: service.counties.map((county) => county.code),
    place: service.place ?? '',
    url: service.url ?? '',
    registerNumber: service.registerNumber ?? '',
    pricing: price ? 'fixed' : service.individualPrice ? 'individual' : 'later',
    amount: price
      ? (price.amountMinor / 100).toFixed(price.amountMinor % 100 === 0 ? 0 : 2).replace('.', ',')
      : '',
    currency: price?.currency ?? 'CZK',
    vatRatePercent: String(price?.vatRatePercent ?? 0),
    description: service.description ?? '',
    revision: service.revision,
  };
}

/** The values as the contracts' `ProviderServiceBody`. */
export function toServiceInput(values: ServiceFormValues) {
  return {
    name: values.name,
    facilityId: values.facilityId,
    serviceTypeId: values.serviceTypeId,
    ...(values.form ? { form: values.form } : {}),
    countyCodes: values.countyCodes,
    place: values.place,
    url: values.url,
    registerNumber: values.registerNumber,
    price:
      values.pricing === 'fixed'
        ? {
            amount: values.amount,
            currency: values.currency,
            vatRatePercent: values.vatRatePercent === '' ? undefined : Number(values.vatRatePercent),
          }
        : null,
    individualPrice: values.pricing === 'individual',
    description: values.description,
  };
}

const bodyFields: Record<string, string> = {
  name: 'name',
  facilityId: 'facilityId',
  serviceTypeId: 'serviceTypeId',
  form: 'form',
  countyCodes: 'countyCodes',
  place: 'place',
  url: 'url',
  registerNumber: 'registerNumber',
  description: 'description',
  'price.amount': 'amount',
  'price.currency': 'currency',
  'price.vatRatePercent': 'vatRatePercent',
  individualPrice: 'pricing',
  // What activation still needs (`ServiceIncomplete`), by requirement.
  counties: 'countyCodes',
  price: 'pricing',
};
/** Where the server's (and the schema's) errors land: the body's properties, also under `service.`. */
export const serviceFormFields: Record<string, string> = {
  ...bodyFields,
  ...Object.fromEntries(
    Object.entries(bodyFields).map(([property, field]) => [`service.${property}`, field]),
  ),
};

type SubmitResult = ProviderService;

/**
 * The service form (issue 23 §3): name, facility, type (grouped by category), form, counties (grouped
 * by region), place, web, number in the register of social services, price in CZK or EUR with its VAT rate or an individual price, description.
 * With `service` it edits that service at its revision (a colleague's save in between shows theirs
 * beside the person's values, decision 0099); without, it creates one. Read-only for workers.
 */
export function ServiceForm({
  service,
  facilityId,
  readOnly,
  submit,
  onSaved,
}: {
  /** The service as the page reads it now; null for a new one. */
  service: ProviderService | null;
  /** A new service's facility, when chosen before. */
  facilityId?: string;
  readOnly: boolean;
  submit: (body: unknown) => Promise<SubmitResult>;
  onSaved: (service: SubmitResult) => unknown;
}) {
  const { t } = useTranslation(['provider-services', 'catalogue', 'errors']);
  const facilities = useFacilityOptions();
  const typeOptions = useTypeOptions(service?.serviceType.id);
  const countyOptions = useCountyOptions();
  const editing = service !== null;
  const bodyOf = (values: ServiceFormValues) =>
    editing ? { service: toServiceInput(values), revision: values.revision } : toServiceInput(values);
  const { form, onSubmit, submitButton, conflict } = useRevisionedForm({
    // A new service's body, or an edit's (`{ service, revision }`): the caller's `submit` knows which.
    schema: (editing ? ProviderServiceUpdateSchema : ProviderServiceInputSchema) as FormSchema<unknown>,
    initialValues: serviceFormValues(service, facilityId),
    stored: service ? serviceFormValues(service) : undefined,
    mode: 'controlled',
    toInput: bodyOf,
    fields: serviceFormFields,
    recordSchema: ProviderServiceSchema,
    toValues: (saved) => serviceFormValues(saved),
    conflictFields: useConflictFields(facilities, typeOptions, countyOptions),
    // The values as typed, not the schema's output: the API parses the price's typed amount itself.
    submit: (): Promise<SubmitResult> => submit(bodyOf(form.getValues())),
    onSuccess: (saved: SubmitResult) => onSaved(saved),
  });
  const { currency, pricing } = form.getValues();

  return (
    <form noValidate onSubmit={onSubmit}>
      <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="md">
          {conflict}
          <TextInput label={t('form.name')} required withAsterisk {...form.getInputProps('name')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Select
              label={t('form.facility')}
              required
              withAsterisk
              data={facilities}
              allowDeselect={false}
              {...form.getInputProps('facilityId')}
            />
            <Select
              label={t('form.serviceType')}
              required
              withAsterisk
              searchable
              data={typeOptions}
              allowDeselect={false}
              {...form.getInputProps('serviceTypeId')}
            />
            <Select
              label={t('form.form')}
              description={t('form.formHint')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              clearable
              data={serviceForms.map((value) => ({ value, label: t(`catalogue:forms.${value}`) }))}
              {...form.getInputProps('form')}
              value={form.getValues().form || null}
              onChange={(value) => form.setFieldValue('form', value ?? '')}
            />
            <TextInput
              label={t('form.place')}
              description={t('form.placeHint')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              {...form.getInputProps('place')}
            />
          </SimpleGrid>
          <MultiSelect
            label={t('form.counties')}
            description={t('form.countiesHint')}
            placeholder={t('form.countiesPlaceholder')}
            inputWrapperOrder={['label', 'description', 'input', 'error']}
            required
            withAsterisk
            searchable
            hidePickedOptions
            data={countyOptions}
            {...form.getInputProps('countyCodes')}
          />
          <TextInput label={t('form.url')} type="url" inputMode="url" {...form.getInputProps('url')} />
          <TextInput
            label={t('form.registerNumber')}
            description={t('form.registerNumberHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            autoComplete="off"
            spellCheck={false}
            {...form.getInputProps('registerNumber')}
          />
          <Fieldset legend={t('form.pricing')} variant="unstyled">
            <Stack gap="sm">
              <Radio.Group {...form.getInputProps('pricing')} aria-label={t('form.pricing')}>
                <Group gap="lg" mt={4}>
                  <Radio value="fixed" label={t('form.priceFixed')} />
                  <Radio value="individual" label={t('form.priceIndividual')} />
                  <Radio value="later" label={t('form.priceLater')} />
                </Group>
              </Radio.Group>
              {pricing === 'fixed' ? (
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
                  <TextInput
                    label={t('form.amount')}
                    inputMode="decimal"
                    required
                    withAsterisk
                    {...form.getInputProps('amount')}
                  />
                  <Select
                    label={t('form.currency')}
                    data={[...currencies]}
                    allowDeselect={false}
                    {...form.getInputProps('currency')}
                    onChange={(value) => {
                      form.setFieldValue('currency', (value ?? 'CZK') as Currency);
                      form.setFieldValue('vatRatePercent', '0');
                    }}
                  />
                  <Select
                    label={t('form.vat')}
                    allowDeselect={false}
                    data={vatRatesByCurrency[currency].map((rate) => ({
                      value: String(rate),
                      label: rate === 0 ? t('form.vatNone') : t('form.vatRate', { rate }),
                    }))}
                    {...form.getInputProps('vatRatePercent')}
                  />
                </SimpleGrid>
              ) : null}
            </Stack>
          </Fieldset>
          <Textarea
            label={t('form.description')}
            description={t('form.descriptionHint')}
            inputWrapperOrder={['label', 'description', 'input', 'error']}
            autosize
            minRows={4}
            maxRows={12}
            {...form.getInputProps('description')}
          />
          {readOnly ? null : (
            <Group>
              <AsyncButton
                type="submit"
                {...submitButton}
                leftSection={<IconDeviceFloppy size={20} aria-hidden />}
              >
                {editing ? t('form.save') : t('form.create')}
              </AsyncButton>
            </Group>
          )}
        </Stack>
      </fieldset>
    </form>
  );
}

type Option = { value: string; label: string };

/** The fields a colleague's save is compared on, each as the person reads it in the form. */
function useConflictFields(
  facilities: readonly Option[],
  typeOptions: readonly { items: readonly Option[] }[],
  countyOptions: readonly { items: readonly Option[] }[],
): ConflictField<ServiceFormValues>[] {
  const { t } = useTranslation(['provider-services', 'catalogue']);
  const labelOf = (options: readonly Option[], value: string) =>
    options.find((option) => option.value === value)?.label ?? value;
  const types = typeOptions.flatMap((group) => group.items);
  const counties = countyOptions.flatMap((group) => group.items);
  return [
    { label: t('form.name'), text: (v) => v.name },
    { label: t('form.facility'), text: (v) => labelOf(facilities, v.facilityId) },
    { label: t('form.serviceType'), text: (v) => labelOf(types, v.serviceTypeId) },
    {
      label: t('form.form'),
      text: (v) => (v.form ? t(`catalogue:forms.${v.form as (typeof serviceForms)[number]}`) : ''),
    },
    {
      label: t('form.counties'),
      text: (v) =>
        v.countyCodes
          .map((code) => labelOf(counties, code))
          .sort((a, b) => a.localeCompare(b))
          .join(', '),
    },
    { label: t('form.place'), text: (v) => v.place },
    { label: t('form.url'), text: (v) => v.url },
    { label: t('form.registerNumber'), text: (v) => v.registerNumber },
    {
      label: t('form.pricing'),
      text: (v) =>
        v.pricing === 'fixed'
          ? `${v.amount} ${v.currency}, ${
              v.vatRatePercent === '0' ? t('form.vatNone') : t('form.vatRate', { rate: v.vatRatePercent })
            }`
          : v.pricing === 'individual'
            ? t('form.priceIndividual')
            : t('form.priceLater'),
    },
    { label: t('form.description'), text: (v) => v.description },
  ];
}

function useFacilityOptions() {
  const acting = useActingProvider();
  const team = useOperationQuery(operations.getProviderTeam, { params: { providerId: acting.providerId } });
  return (team.data?.facilities ?? []).map((facility) => ({ value: facility.id, label: facility.name }));
}

/** The types a service can have: a retired one only as the service's own (decision 0131). */
function useTypeOptions(currentTypeId: string | undefined) {
  const { t } = useTranslation('catalogue');
  const serviceTypeName = useServiceTypeName();
  const taxonomy = useServiceTaxonomy();
  return (taxonomy.data?.categories ?? []).map((category) => ({
    group: t(`categories.${category.code}`),
    items: (taxonomy.data?.serviceTypes ?? [])
      .filter(
        (type) => type.serviceCategoryId === category.id && (!type.retired || type.id === currentTypeId),
      )
      .map((type) => ({ value: type.id, label: serviceTypeName(type.code) })),
  }));
}

function useCountyOptions() {
  const regions = useRegions();
  return (regions.data ?? []).map((region) => ({
    group: region.name,
    items: region.counties.map((county) => ({ value: county.code, label: county.name })),
  }));
}
