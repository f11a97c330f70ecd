import {
  type FacilityRecord,
  formatPhone,
  type PlaceAddress,
  type ProviderContact,
  type ProviderRecord,
} from '@opora/contracts';
import { type AddressValues, emptyAddress, formatZipcode } from '@/shared-features/places/place-address.ts';

/** A stored address as the address fields hold it (the chosen place's parts). */
export function addressValues(address: PlaceAddress | null | undefined): AddressValues {
  if (!address?.city || !address.county) return { ...emptyAddress, street: address?.street ?? '' };
  return {
    street: address.street ?? '',
    city: address.city,
    zipcode: address.zipcode ? formatZipcode(address.zipcode) : '',
    countyCode: address.county.code,
    countyName: address.county.name,
    regionName: '',
  };
}

/** The address as the schemas take it. */
export function addressInput(address: AddressValues) {
  return {
    street: address.street,
    city: address.city,
    zipcode: address.zipcode,
    countyCode: address.countyCode,
  };
}

/** One line: street, postcode and city. */
export function addressLine(address: AddressValues | PlaceAddress): string {
  const zipcode = address.zipcode ? formatZipcode(address.zipcode) : '';
  return [address.street, [zipcode, address.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

/** Where server errors about an address land: the place picker, its postcode, its street. */
export function addressFieldMap(name: string): Record<string, string> {
  return {
    [name]: `${name}.place`,
    [`${name}.city`]: `${name}.place`,
    [`${name}.countyCode`]: `${name}.place`,
    [`${name}.zipcode`]: `${name}.zipcode`,
    [`${name}.street`]: `${name}.street`,
  };
}

const phone = (value: string | null) => (value ? formatPhone(value) : '');

export type ProviderFormValues = {
  revision: number;
  name: string;
  address: AddressValues;
  billingName: string;
  billingStreet: string;
  billingCity: string;
  billingZipcode: string;
  taxCode: string;
  requestsEmail: string;
  contactPhone: string;
  contactEmail: string;
  url: string;
  description: string;
};

export function providerValues(record: ProviderRecord): ProviderFormValues {
  return {
    revision: record.revision,
    name: record.name,
    address: addressValues(record.address),
    billingName: record.billingAddress.name ?? '',
    billingStreet: record.billingAddress.street ?? '',
    billingCity: record.billingAddress.city ?? '',
    billingZipcode: record.billingAddress.zipcode ? formatZipcode(record.billingAddress.zipcode) : '',
    taxCode: record.taxCode ?? '',
    requestsEmail: record.requestsEmail ?? '',
    contactPhone: phone(record.contactPhone),
    contactEmail: record.contactEmail ?? '',
    url: record.url ?? '',
    description: record.description ?? '',
  };
}

export function providerInput(values: ProviderFormValues) {
  return {
    revision: values.revision,
    name: values.name,
    address: addressInput(values.address),
    billingAddress: {
      name: values.billingName,
      street: values.billingStreet,
      city: values.billingCity,
      zipcode: values.billingZipcode,
    },
    taxCode: values.taxCode,
    requestsEmail: values.requestsEmail,
    contactPhone: values.contactPhone,
    contactEmail: values.contactEmail,
    url: values.url,
    description: values.description,
  };
}

export const providerFields: Record<string, string> = {
  name: 'name',
  ...addressFieldMap('address'),
  'billingAddress.name': 'billingName',
  'billingAddress.street': 'billingStreet',
  'billingAddress.city': 'billingCity',
  'billingAddress.zipcode': 'billingZipcode',
  taxCode: 'taxCode',
  requestsEmail: 'requestsEmail',
  contactPhone: 'contactPhone',
  contactEmail: 'contactEmail',
  url: 'url',
  description: 'description',
};

export type FacilityFormValues = {
  revision: number;
  name: string;
  type: string;
  web: string;
  description: string;
  sameAsProvider: boolean;
  address: AddressValues;
};

export const emptyFacility: FacilityFormValues = {
  revision: 1,
  name: '',
  type: '',
  web: '',
  description: '',
  sameAsProvider: false,
  address: emptyAddress,
};

export function facilityValues(record: FacilityRecord): FacilityFormValues {
  return {
    revision: record.revision,
    name: record.name,
    type: record.type ?? '',
    web: record.web ?? '',
    description: record.description ?? '',
    sameAsProvider: record.sameAsProvider,
    address: record.sameAsProvider ? emptyAddress : addressValues(record.address),
  };
}

export function facilityInput(values: FacilityFormValues) {
  return {
    revision: values.revision,
    name: values.name,
    type: values.type,
    web: values.web,
    description: values.description,
    sameAsProvider: values.sameAsProvider,
    ...(values.sameAsProvider ? {} : { address: addressInput(values.address) }),
  };
}

export const facilityFields: Record<string, string> = {
  name: 'name',
  type: 'type',
  web: 'web',
  description: 'description',
  sameAsProvider: 'sameAsProvider',
  ...addressFieldMap('address'),
};

export type ContactFormValues = {
  revision: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  alternatePhone: string;
  note: string;
  type: 'private' | 'public';
};

export const emptyContact: ContactFormValues = {
  revision: 1,
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  alternatePhone: '',
  note: '',
  type: 'private',
};

export function contactValues(contact: ProviderContact): ContactFormValues {
  return {
    revision: contact.revision,
    firstName: contact.firstName,
    lastName: contact.lastName,
    email: contact.email ?? '',
    phone: phone(contact.phone),
    alternatePhone: phone(contact.alternatePhone),
    note: contact.note ?? '',
    type: contact.type,
  };
}
