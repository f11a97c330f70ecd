import { Button, Checkbox, MultiSelect, NativeSelect, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { careRequestSources, careRequestStatusCodes, serviceTypeCodes } from '@opora/contracts';
import { IconAdjustmentsHorizontal, IconFilterOff } from '@tabler/icons-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServiceTaxonomy } from '@/lib/reference-data/service-taxonomy.ts';
import { useServiceTypeName } from '@/lib/reference-data/use-service-type-name.ts';
import { useActingProvider } from '@/shared-features/provider-area/provider-area.tsx';
import { useProviderTeam } from '../../api/team.ts';
import {
  activeFilterCount,
  type FilterKey,
  type GridQuery,
  statusesOf,
  withFilter,
  withoutFilters,
} from '../../utils/grid-search.ts';
import classes from '../provider-inbox.module.css';

const typingDelayMs = 350;

/**
 * A text filter typed into: the address (and so the grid) follows once the person pauses or leaves
 * the field, and the field follows the address when it changes otherwise (back, reset).
 */
function SearchField({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(value);
  }
  const commit = useDebouncedCallback(onChange, typingDelayMs);
  return (
    <TextInput
      type="search"
      label={label}
      placeholder={placeholder}
      value={text}
      maxLength={100}
      onChange={(event) => {
        setText(event.currentTarget.value);
        commit(event.currentTarget.value.trim());
      }}
      // Leaving the field (a click on a request, on another filter) applies what was typed at once:
      // a search applied later would be a navigation replacing the one the click started.
      onBlur={() => commit.flush()}
    />
  );
}

/**
 * The grid's filters (SPEC §2: status, client, service type, creator, creation date; where a request
 * came from, issue 24 §2), kept in the address.
 */
export function RequestFilters({
  query,
  onChange,
}: {
  query: GridQuery;
  onChange: (query: GridQuery) => void;
}) {
  const { t } = useTranslation(['provider', 'enums', 'catalogue']);
  const serviceTypeName = useServiceTypeName();
  // The taxonomy's types, with those platform administrators added (decision 0131); the seeded codes
  // until it loads.
  const taxonomy = useServiceTaxonomy();
  const typeCodes: readonly string[] =
    taxonomy.data?.serviceTypes.map((type) => type.code) ?? serviceTypeCodes;
  const acting = useActingProvider();
  const team = useProviderTeam(acting.providerId);
  const [open, setOpen] = useState(false);
  const filtersId = useId();
  const count = activeFilterCount(query);
  const set = (changes: Partial<Record<FilterKey, string | undefined>>) =>
    onChange(withFilter(query, changes));
  // Only facilities that can occur in the person's grid (a worker's: theirs and their requests').
  const facilities = team.data?.scopeFacilities ?? acting.facilities;

  // A filter changed elsewhere (back, a shared link) opens the phone's panel, so what is applied shows.
  useEffect(() => {
    if (count > 0) setOpen(true);
  }, [count]);

  return (
    <>
      <Button
        variant="default"
        className={classes.filterToggle}
        leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden />}
        aria-expanded={open}
        aria-controls={filtersId}
        onClick={() => setOpen((value) => !value)}
      >
        {count > 0 ? t('filters.toggleCount', { count }) : t('filters.toggle')}
      </Button>
      <search
        id={filtersId}
        aria-label={t('filters.title')}
        className={`${classes.filters} ${open ? '' : classes.filtersClosed}`}
      >
        <MultiSelect
          label={t('filters.status')}
          {...(statusesOf(query).length === 0 ? { placeholder: t('filters.statusPlaceholder') } : {})}
          data={careRequestStatusCodes.map((code) => ({
            value: code,
            label: t(`enums:careRequestStatus.${code}`),
          }))}
          value={statusesOf(query)}
          onChange={(codes) => set({ status: codes.length > 0 ? codes.join(',') : undefined })}
          clearable
          comboboxProps={{ withinPortal: true }}
        />
        <SearchField
          label={t('filters.client')}
          placeholder={t('filters.clientPlaceholder')}
          value={query.client ?? ''}
          onChange={(value) => set({ client: value })}
        />
        <NativeSelect
          label={t('filters.serviceType')}
          value={query.serviceType ?? ''}
          data={[
            { value: '', label: t('filters.serviceTypeAll') },
            ...typeCodes.map((code) => ({ value: code, label: serviceTypeName(code) })),
          ]}
          onChange={(event) => set({ serviceType: event.currentTarget.value })}
        />
        <SearchField
          label={t('filters.creator')}
          placeholder={t('filters.creatorPlaceholder')}
          value={query.creator ?? ''}
          onChange={(value) => set({ creator: value })}
        />
        <TextInput
          type="date"
          label={t('filters.createdFrom')}
          value={query.createdFrom ?? ''}
          {...(query.createdTo ? { max: query.createdTo } : {})}
          onChange={(event) => set({ createdFrom: event.currentTarget.value })}
        />
        <TextInput
          type="date"
          label={t('filters.createdTo')}
          value={query.createdTo ?? ''}
          {...(query.createdFrom ? { min: query.createdFrom } : {})}
          onChange={(event) => set({ createdTo: event.currentTarget.value })}
        />
        <NativeSelect
          label={t('filters.source')}
          value={query.source ?? ''}
          data={[
            { value: '', label: t('filters.sourceAll') },
            ...careRequestSources.map((source) => ({ value: source, label: t(`source.${source}`) })),
          ]}
          onChange={(event) => set({ source: event.currentTarget.value })}
        />
        {facilities.length > 1 ? (
          <NativeSelect
            label={t('filters.facility')}
            value={query.facilityId ?? ''}
            data={[
              { value: '', label: t('filters.facilityAll') },
              ...facilities.map((facility) => ({ value: facility.id, label: facility.name })),
            ]}
            onChange={(event) => set({ facilityId: event.currentTarget.value })}
          />
        ) : null}
        <Checkbox
          label={t('filters.assignedToMe')}
          checked={query.assignedToMe === 'true'}
          onChange={(event) => set({ assignedToMe: event.currentTarget.checked ? 'true' : undefined })}
          mb={8}
        />
        {count > 0 ? (
          <Button
            variant="subtle"
            leftSection={<IconFilterOff size={18} aria-hidden />}
            onClick={() => onChange(withoutFilters(query))}
          >
            {t('filters.reset')}
          </Button>
        ) : null}
      </search>
    </>
  );
}
