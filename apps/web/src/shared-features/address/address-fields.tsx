import { Button, Combobox, Group, Loader, Stack, Text, TextInput, useCombobox } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { type Place, placeSearchMinLength } from '@opora/contracts';
import { IconMapPin, IconPencil } from '@tabler/icons-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './address.module.css';
import { type AddressValues, addressFromPlace, emptyAddress, formatZipcode } from './address-values.ts';
import { usePlaceSearch } from './search-places.ts';

/** Typing pauses this long before the places are asked for. */
const searchDelayMs = 200;

/** One line of a suggestion: part, municipality (when it differs), postcode, county. */
function placeLabel(place: Place, county: (name: string) => string): string {
  return [
    place.part,
    place.municipality === place.part ? null : place.municipality,
    place.postcode,
    county(place.county.name),
  ]
    .filter(Boolean)
    .join(', ');
}

/**
 * Address autocomplete (SPEC §5): from the second typed character it offers municipality parts with
 * their postcode and county (`searchPlaces`), asked for once typing pauses; a newer search cancels
 * the request of an older one. Choosing one fills the city, postcode and county.
 */
function PlacePicker({
  label,
  error,
  inputRef,
  onSelect,
}: {
  label: string;
  error: ReactNode;
  inputRef: React.RefObject<HTMLInputElement | null>;
  onSelect: (place: Place) => void;
}) {
  const { t } = useTranslation('clients');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, searchDelayMs);
  const places = usePlaceSearch(debounced);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const tooShort = search.trim().length < placeSearchMinLength;
  const results = tooShort ? undefined : places.data;
  const searching = !tooShort && (debounced !== search || places.isFetching);

  // The first suggestion is ready for Enter as soon as suggestions arrive.
  useEffect(() => {
    if (results && results.length > 0) combobox.selectFirstOption();
  }, [results]);

  const countyLabel = (name: string) => t('address.county', { name });
  let status: string | null = null;
  if (!tooShort) {
    if (places.isError) status = t('address.searchError');
    else if (results?.length === 0 && !searching) status = t('address.noResults');
    else if (!results) status = t('address.searching');
  }

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(value) => {
        const place = results?.find((candidate) => String(candidate.id) === value);
        combobox.closeDropdown();
        if (place) {
          setSearch('');
          onSelect(place);
        }
      }}
    >
      <Combobox.Target withExpandedAttribute>
        <TextInput
          ref={inputRef}
          label={label}
          description={t('address.searchHint')}
          placeholder={t('address.searchPlaceholder')}
          withAsterisk
          autoComplete="off"
          value={search}
          error={error}
          leftSection={<IconMapPin size={18} aria-hidden />}
          rightSection={searching ? <Loader size={18} aria-label={t('address.searching')} /> : null}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            combobox.openDropdown();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={(event) => {
            // Enter picks a suggestion; it never sends the half-filled form from here.
            if (event.key === 'Enter') event.preventDefault();
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={tooShort}>
        <Combobox.Options>
          {(results ?? []).map((place) => (
            <Combobox.Option value={String(place.id)} key={place.id}>
              {placeLabel(place, countyLabel)}
            </Combobox.Option>
          ))}
          {status ? <Combobox.Empty>{status}</Combobox.Empty> : null}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}

/**
 * An address block of a form (the client form, a provider's or facility's address): the place
 * (autocomplete, then shown read-only with "Change"), the postcode where the place has none, and the
 * street as free text. `name` is the form's field holding the `AddressValues` (a controlled form).
 */
export function AddressFields<Values, Name extends keyof Values & string>({
  form,
  name,
  label,
}: {
  form: UseFormReturnType<Values>;
  name: Values[Name] extends AddressValues ? Name : never;
  label: string;
}) {
  const { t } = useTranslation('clients');
  const address = form.values[name] as AddressValues;
  const setAddress = (value: AddressValues) => form.setFieldValue(name as never, value as never);
  const chosen = address.countyCode !== '' && address.city !== '';
  const [zipcodeTyped, setZipcodeTyped] = useState(chosen && address.zipcode === '');
  const searchRef = useRef<HTMLInputElement>(null);
  const streetRef = useRef<HTMLInputElement>(null);
  const focusAfter = useRef<'search' | 'street' | null>(null);
  const placeId = useId();

  useEffect(() => {
    const target = focusAfter.current === 'search' ? searchRef : streetRef;
    if (focusAfter.current) target.current?.focus();
    focusAfter.current = null;
  }, [chosen]);

  const choose = (place: Place) => {
    setZipcodeTyped(!place.postcode);
    focusAfter.current = 'street';
    setAddress(addressFromPlace(place, address.street));
    form.clearFieldError(`${name}.place`);
  };
  const change = () => {
    focusAfter.current = 'search';
    setAddress({ ...emptyAddress, street: address.street });
  };

  return (
    <Stack gap="md">
      {chosen ? (
        <div>
          <Text fw={600} size="md" id={placeId} mb={4}>
            {label}
          </Text>
          <Group
            gap="md"
            justify="space-between"
            wrap="wrap"
            className={classes.chosenPlace}
            role="group"
            aria-labelledby={placeId}
          >
            <Stack gap={0}>
              <Text fw={600}>
                {[address.city, address.zipcode ? formatZipcode(address.zipcode) : null]
                  .filter(Boolean)
                  .join(', ')}
              </Text>
              <Text size="sm" c="dimmed">
                {[t('address.county', { name: address.countyName }), address.regionName]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </Stack>
            <Button
              variant="default"
              size="sm"
              leftSection={<IconPencil size={16} aria-hidden />}
              onClick={change}
              aria-label={t('address.changeLabel', { field: label })}
            >
              {t('address.change')}
            </Button>
          </Group>
        </div>
      ) : (
        <PlacePicker
          label={label}
          error={form.errors[`${name}.place`]}
          inputRef={searchRef}
          onSelect={choose}
        />
      )}
      {chosen && zipcodeTyped ? (
        <TextInput
          label={t('address.zipcode')}
          description={t('address.zipcodeHint')}
          withAsterisk
          inputMode="numeric"
          autoComplete="postal-code"
          {...form.getInputProps(`${name}.zipcode`)}
        />
      ) : null}
      <TextInput
        ref={streetRef}
        label={t('address.street')}
        description={t('address.streetHint')}
        autoComplete="address-line1"
        {...form.getInputProps(`${name}.street`)}
      />
    </Stack>
  );
}
