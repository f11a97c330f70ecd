import { Alert, Autocomplete, Skeleton } from '@mantine/core';
import type { RegionTree } from '@opora/contracts';
import { IconAlertTriangle, IconRefresh, IconSearch } from '@tabler/icons-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AsyncButton } from '@/components/ui/async-button.tsx';
import { paths } from '@/config/paths.ts';
import { useRegions } from '@/lib/reference-data/regions.ts';
import { type Place, placesOf, searchPlaces } from './place-search.ts';
import classes from './sections.module.css';

/** Where a chosen place leads: its region's services, narrowed to the county when one was chosen. */
export function placeHref(place: Place): string {
  return place.kind === 'region'
    ? paths.anonNewClientServicesList.getHref({ regionCode: place.regionCode })
    : paths.anonNewClientServicesList.getHref({ regionCode: place.regionCode }, { county: place.value });
}

function PlaceSearch({ regions }: { regions: RegionTree }) {
  const { t } = useTranslation('home-sections');
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const places = useMemo(() => placesOf(regions), [regions]);
  const byCode = useMemo(() => new Map(places.map((place) => [place.value, place])), [places]);
  const matches = useMemo(() => searchPlaces(places, query), [places, query]);
  const countyCount = regions.reduce((sum, region) => sum + region.counties.length, 0);

  // Regions first, then counties, each as a labelled group of the list box.
  const data = useMemo(
    () =>
      (['region', 'county'] as const)
        .map((kind) => ({
          group: t(`search.groups.${kind}`),
          items: matches
            .filter((place) => place.kind === kind)
            .map((place) => ({ value: place.value, label: place.label })),
        }))
        .filter((group) => group.items.length > 0),
    [matches, t],
  );

  const choose = (code: string) => {
    const place = byCode.get(code);
    if (place) void navigate(placeHref(place));
  };

  return (
    <div className={classes.stack}>
      <p className={classes.paragraph}>
        {t('search.coverage', {
          regions: t('search.regionCount', { count: regions.length }),
          counties: t('search.countyCount', { count: countyCount }),
        })}
      </p>
      <Autocomplete
        label={t('search.label')}
        description={t('search.hint')}
        placeholder={t('search.placeholder')}
        leftSection={<IconSearch size={20} aria-hidden />}
        size="md"
        data={data}
        value={query}
        onChange={setQuery}
        onOptionSubmit={choose}
        // The options are already the matches (without diacritics, by word starts): no second filter.
        filter={({ options }) => options}
        selectFirstOptionOnChange
        maxDropdownHeight={320}
        // Always below the field, where people look while typing; on a phone the field first moves
        // to the top of the screen so the list has room above the keyboard.
        comboboxProps={{ position: 'bottom-start', middlewares: { flip: false, shift: false } }}
        onFocus={(event) => {
          if (window.matchMedia('(max-width: 48em)').matches) {
            event.currentTarget.scrollIntoView({ block: 'start', behavior: 'auto' });
          }
        }}
        autoComplete="off"
        spellCheck={false}
        renderOption={({ option }) => {
          const place = byCode.get(option.value);
          return (
            <span className={classes.placeOption}>
              <span>{place?.label ?? option.value}</span>
              {place?.kind === 'county' ? (
                <span className={classes.placeRegion}>{place.regionName}</span>
              ) : null}
            </span>
          );
        }}
      />
      {query.trim() !== '' && matches.length === 0 ? (
        <p className={classes.paragraph} role="status">
          {t('search.noMatch', { query: query.trim() })}
        </p>
      ) : null}
    </div>
  );
}

/** The region and county search with its loading, error and empty states. */
export function RegionSearchBody() {
  const { t } = useTranslation('home-sections');
  const regions = useRegions();
  // The search field with its 178 places mounts at transition priority, in slices, after the data
  // has arrived (arriving data alone would render it in one long task); the skeleton stays till then.
  const regionTree = useDeferredValue(regions.data);

  if (!regionTree && !regions.isError) {
    return (
      <div className={classes.stack} aria-busy="true">
        <span role="status" className="visually-hidden">
          {t('search.loading')}
        </span>
        <Skeleton height={20} width="70%" />
        <Skeleton height={18} width={120} />
        <Skeleton height={42} />
      </div>
    );
  }

  if (regions.isError) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle aria-hidden />}
        title={t('search.error.title')}
      >
        <div className={classes.stack}>
          <p className={classes.paragraph}>{t('search.error.text')}</p>
          <AsyncButton
            variant="default"
            leftSection={<IconRefresh size={18} aria-hidden />}
            busy={regions.isFetching}
            onClick={() => void regions.refetch()}
          >
            {t('search.error.retry')}
          </AsyncButton>
        </div>
      </Alert>
    );
  }

  if (!regionTree?.length) {
    return <p className={classes.paragraph}>{t('search.empty')}</p>;
  }

  return <PlaceSearch regions={regionTree} />;
}
