import type { Sex } from '@opora/contracts';
import { type AddressValues, emptyAddress } from '@/shared-features/places/place-address.ts';

// The client's own details as a form holds them (contracts' `clientPersonFields`): the carer's client
// form adds who fills it in and the health-data consent, a provider's form for its own client the
// client's consent and the first request.

export type PersonValues = { firstName: string; lastName: string; phone: string };

/** Strings as the inputs hold them, optional parts behind their switches. */
export type ClientPersonValues = {
  firstName: string;
  lastName: string;
  /** `yyyy-MM-dd`, as the native date input gives it. */
  dateOfBirth: string;
  birthNumber: string;
  sex: Sex | '';
  email: string;
  phone: string;
  residence: AddressValues;
  serviceAddressDiffers: boolean;
  serviceAddress: AddressValues;
  hasContactPerson: boolean;
  contactPerson: PersonValues;
  hasAttendingDoctor: boolean;
  attendingDoctor: PersonValues;
};

export const emptyPerson: PersonValues = { firstName: '', lastName: '', phone: '' };

export const emptyClientPerson: ClientPersonValues = {
  firstName: '',
  lastName: '',
  dateOfBirth: '',
  birthNumber: '',
  sex: '',
  email: '',
  phone: '',
  residence: emptyAddress,
  serviceAddressDiffers: false,
  serviceAddress: emptyAddress,
  hasContactPerson: false,
  contactPerson: emptyPerson,
  hasAttendingDoctor: false,
  attendingDoctor: emptyPerson,
};

export const blankToUndefined = (value: string) => (value.trim() === '' ? undefined : value);

function addressInput(address: AddressValues) {
  return {
    street: address.street,
    city: blankToUndefined(address.city),
    zipcode: blankToUndefined(address.zipcode),
    countyCode: address.countyCode,
  };
}

function personInput(person: PersonValues) {
  return { firstName: person.firstName, lastName: person.lastName, phone: person.phone };
}

/** The client's details as contracts' `clientPersonFields` take them; the birth number is each form's own. */
export function toClientPersonInput(values: ClientPersonValues) {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    dateOfBirth: blankToUndefined(values.dateOfBirth),
    sex: values.sex === '' ? undefined : values.sex,
    email: values.email,
    phone: values.phone,
    residence: addressInput(values.residence),
    serviceAddressDiffers: values.serviceAddressDiffers,
    serviceAddress: values.serviceAddressDiffers ? addressInput(values.serviceAddress) : undefined,
    contactPerson: values.hasContactPerson ? personInput(values.contactPerson) : undefined,
    attendingDoctor: values.hasAttendingDoctor ? personInput(values.attendingDoctor) : undefined,
  };
}

/**
 * Where an error of the body's property shows in the form: the parts of an address come from the
 * chosen place, so their errors go to the place field; a missing address as a whole too.
 */
export function formFieldOf(property: string): string {
  const address = /^(residence|serviceAddress)(?:\.(city|countyCode))?$/.exec(property);
  if (address) return `${address[1]}.place`;
  return property;
}

/** The client's properties of a body, as `showServerErrors` maps them to the form's fields. */
export const clientPersonProperties: readonly string[] = [
  'firstName',
  'lastName',
  'dateOfBirth',
  'birthNumber',
  'sex',
  'email',
  'phone',
  ...['residence', 'serviceAddress'].flatMap((address) => [
    address,
    `${address}.street`,
    `${address}.city`,
    `${address}.zipcode`,
    `${address}.countyCode`,
  ]),
  ...['contactPerson', 'attendingDoctor'].flatMap((person) =>
    ['firstName', 'lastName', 'phone'].map((field) => `${person}.${field}`),
  ),
];

/** `{ property: field }` of these body properties (`useContractForm`'s `fields`). */
export function formFieldsOf(properties: readonly string[]): Readonly<Record<string, string>> {
  return Object.fromEntries(properties.map((property) => [property, formFieldOf(property)]));
}
