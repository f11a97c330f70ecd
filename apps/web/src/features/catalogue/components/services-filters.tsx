import { Button, NativeSelect } from '@mantine/core';
import { type CountyRef, type ServiceTaxonomy, serviceCategoryCodes, serviceForms } from '@opora/contracts';
import { IconFilterOff } from '@tabler/icons-react';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { useServiceTypeName } from '@/lib/reference-data/use-service-type-name.ts';
import type { ListSearch } from '../hooks/use-list-search.ts';

type FiltersProps = {
  counties: CountyRef[] | null;
  taxonomy: ServiceTaxonomy | undefined;
  search: ListSearch;
  hasFilters: boolean;
  onChange: (changes: Partial<ListSearch>) => void;
  onReset: () => void;
};

/**
 * County, type, category and form. Native selects: the phone's own picker and nothing for a screen
 * reader to learn. Choosing a category or a form narrows the types offered (and drops a type outside it).
 */
export const ServicesFilters = memo(function ServicesFilters({
  counties,
  taxonomy,
  search,
  hasFilters,
  onChange,
  onReset,
}: FiltersProps) {
  const { t } = useTranslation('catalogue');
  const serviceTypeName = useServiceTypeName();
  const { locale } = useLocale();

  const typeGroups = useMemo(() => {
    if (!taxonomy) return [];
    const categoryCode = new Map(taxonomy.categories.map((category) => [category.id, category.code]));
    // One collator for the whole sort: `localeCompare(…, locale)` builds a new one on every comparison.
    const collator = new Intl.Collator(locale);
    return serviceCategoryCodes
      .filter((category) => search.category === null || search.category === category)
      .map((category) => ({
        group: t(`categories.${category}`),
        items: taxonomy.serviceTypes
          .filter((type) => categoryCode.get(type.serviceCategoryId) === category)
          .filter((type) => search.form === null || type.form === search.form)
          .map((type) => ({ value: type.code, label: serviceTypeName(type.code) }))
          .sort((a, b) => collator.compare(a.label, b.label)),
      }))
      .filter((group) => group.items.length > 0);
  }, [taxonomy, search.category, search.form, t, serviceTypeName, locale]);

  const typeOffered = (code: string) =>
    typeGroups.some((group) => group.items.some((item) => item.value === code));

  /** Keeps the chosen type only while it still fits the new category or form. */
  const narrow = (changes: Partial<ListSearch>) => {
    const next = { ...search, ...changes };
    const type = taxonomy?.serviceTypes.find((candidate) => candidate.code === next.type);
    const category = type
      ? taxonomy?.categories.find((candidate) => candidate.id === type.serviceCategoryId)
      : undefined;
    const fits =
      !type ||
      ((next.form === null || type.form === next.form) &&
        (next.category === null || category?.code === next.category));
    onChange(fits ? changes : { ...changes, type: null });
  };

  return (
    <>
      {counties ? (
        <NativeSelect
          label={t('list.filters.county')}
          value={search.county ?? ''}
          onChange={(event) => onChange({ county: event.currentTarget.value || null })}
          data={[
            { value: '', label: t('list.filters.wholeRegion') },
            ...counties.map((county) => ({ value: county.code, label: county.name })),
          ]}
        />
      ) : null}
      <NativeSelect
        label={t('list.filters.type')}
        value={search.type && typeOffered(search.type) ? search.type : ''}
        onChange={(event) => onChange({ type: (event.currentTarget.value || null) as ListSearch['type'] })}
        data={[{ value: '', label: t('list.filters.allTypes') }, ...typeGroups]}
        disabled={!taxonomy}
      />
      <NativeSelect
        label={t('list.filters.category')}
        value={search.category ?? ''}
        onChange={(event) =>
          narrow({ category: (event.currentTarget.value || null) as ListSearch['category'] })
        }
        data={[
          { value: '', label: t('list.filters.allCategories') },
          ...serviceCategoryCodes.map((code) => ({ value: code, label: t(`categories.${code}`) })),
        ]}
      />
      <NativeSelect
        label={t('list.filters.form')}
        value={search.form ?? ''}
        onChange={(event) => narrow({ form: (event.currentTarget.value || null) as ListSearch['form'] })}
        data={[
          { value: '', label: t('list.filters.allForms') },
          ...serviceForms.map((form) => ({ value: form, label: t(`forms.${form}`) })),
        ]}
      />
      {hasFilters ? (
        <Button variant="default" leftSection={<IconFilterOff size={18} aria-hidden />} onClick={onReset}>
          {t('list.filters.reset')}
        </Button>
      ) : null}
    </>
  );
});
