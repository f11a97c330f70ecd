import type { Place } from '@opora/contracts';

/** An address as the form holds it: the chosen place's parts (sent) and its names (shown only). */
export type AddressValues = {
  street: string;
  city: string;
  zipcode: string;
  countyCode: string;
  /** Shown beside the chosen place; not sent. */
  countyName: string;
  regionName: string;
};

export const emptyAddress: AddressValues = {
  street: '',
  city: '',
  zipcode: '',
  countyCode: '',
  countyName: '',
  regionName: '',
};
/**
 * The city of an address from a chosen place: the municipality, with its part where they differ
 * (`Brno-Židenice`), as Czech and Slovak addresses name a town's districts; a part named after its
 * municipality (`Hustopeče`, `Brno-město`) as it is.
 */
export function cityOfPlace(place: Pick<Place, 'part' | 'municipality'>): string {
  if (place.part.startsWith(place.municipality)) return place.part;
  return `${place.municipality}-${place.part}`;
}

/** `69301` → `693 01`; anything else unchanged. */
export function formatZipcode(zipcode: string): string {
  const digits = zipcode.replace(/\s+/g, '');
  return /^\d{5}$/.test(digits) ? `${digits.slice(0, 3)} ${digits.slice(3)}` : zipcode;
}

/** The address a chosen place gives; the street typed so far stays. */
export function addressFromPlace(place: Place, street: string): AddressValues {
  return {
    street,
    city: cityOfPlace(place),
    zipcode: place.postcode ? formatZipcode(place.postcode) : '',
    countyCode: place.county.code,
    countyName: place.county.name,
    regionName: place.region.name,
  };
}
