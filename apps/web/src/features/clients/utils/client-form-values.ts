import type { Client, ClientAddress, ClientPerson, Sex } from '@opora/contracts';
import {
  type AddressValues,
  addressFromPlace,
  cityOfPlace,
  emptyAddress,
  formatZipcode,
} from '@/shared-features/address/address-values.ts';

// The address helpers live with the address fields (shared with the provider's forms).
export { type AddressValues, addressFromPlace, cityOfPlace, emptyAddress, formatZipcode };

export type PersonValues = { firstName: string; lastName: string; phone: string };

/** What the client form edits: strings as the inputs hold them, optional parts behind their switches. */
export type ClientFormValues = {
  isClient: boolean;
  relationshipTypeId: string;
  firstName: string;
  lastName: string;
  /** `yyyy-MM-dd`, as the native date input gives it. */
  dateOfBirth: string;
  birthNumber: string;
  /** Editing: the stored birth number is removed (`null`). */
  removeBirthNumber: boolean;
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
  healthDataConsent: boolean;
};

const emptyPerson: PersonValues = { firstName: '', lastName: '', phone: '' };

export const emptyClientForm: ClientFormValues = {
  isClient: false,
  relationshipTypeId: '',
  firstName: '',
  lastName: '',
  dateOfBirth: '',
  birthNumber: '',
  removeBirthNumber: false,
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
  healthDataConsent: false,
};

function addressValues(address: ClientAddress | null): AddressValues {
  if (!address) return emptyAddress;
  return {
    street: address.street ?? '',
    city: address.city,
    zipcode: formatZipcode(address.zipcode),
    countyCode: address.county.code,
    countyName: address.county.name,
    regionName: address.region.name,
  };
}

function personValues(person: ClientPerson | null): PersonValues {
  return person
    ? { firstName: person.firstName, lastName: person.lastName, phone: person.phone ?? '' }
    : emptyPerson;
}

/** The form prefilled with a stored client; the birth number stays empty (only its mask is known). */
export function clientFormValues(client: Client): ClientFormValues {
  return {
    isClient: client.isClient,
    relationshipTypeId: client.relationshipType?.id ?? '',
    firstName: client.firstName,
    lastName: client.lastName,
    dateOfBirth: client.dateOfBirth ?? '',
    birthNumber: '',
    removeBirthNumber: false,
    sex: client.sex ?? '',
    email: client.email ?? '',
    phone: client.phone ?? '',
    residence: addressValues(client.residence),
    serviceAddressDiffers: client.serviceAddressDiffers,
    serviceAddress: addressValues(client.serviceAddress),
    hasContactPerson: client.contactPerson !== null,
    contactPerson: personValues(client.contactPerson),
    hasAttendingDoctor: client.attendingDoctor !== null,
    attendingDoctor: personValues(client.attendingDoctor),
    // Asked again only when a change needs it (`updateNeedsConsent`); then it must be ticked afresh.
    healthDataConsent: false,
  };
}

/**
 * Whether saving the stored client with "I am the client" as given needs the health-data consent
 * again: none stands, or the one on record is the user's own and the client is now someone else
 * (the API's rule; it refuses the save on `healthDataConsent` otherwise).
 */
export function updateNeedsConsent(client: Client, isClient: boolean): boolean {
  return client.healthDataConsent === null || (!isClient && !client.healthDataConsent.onBehalf);
}

const blankToUndefined = (value: string) => (value.trim() === '' ? undefined : value);

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

/** The fields both the create and the update body share, as the contracts' schemas take them. */
function commonInput(values: ClientFormValues) {
  return {
    isClient: values.isClient,
    relationshipTypeId: values.isClient ? undefined : values.relationshipTypeId,
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

/** `ClientCreateSchema`'s input: the form, the consent and the wizard's case. */
export function toClientCreateInput(values: ClientFormValues, caseId?: string) {
  return {
    ...commonInput(values),
    birthNumber: values.birthNumber,
    healthDataConsent: values.healthDataConsent,
    ...(caseId ? { caseId } : {}),
  };
}

/**
 * `ClientUpdateSchema`'s input: an empty birth number keeps the stored one (left out), a typed one
 * replaces it, "remove" sends `null`; the consent goes along when it was asked and ticked.
 */
export function toClientUpdateInput(values: ClientFormValues) {
  const birthNumber = values.removeBirthNumber ? null : blankToUndefined(values.birthNumber);
  return {
    ...commonInput(values),
    ...(birthNumber === undefined ? {} : { birthNumber }),
    ...(values.healthDataConsent ? { healthDataConsent: true as const } : {}),
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

/** Properties of the client body the form shows, as `showServerErrors` maps them to fields. */
export const clientFormFields: Readonly<Record<string, string>> = Object.fromEntries(
  [
    'isClient',
    'relationshipTypeId',
    'firstName',
    'lastName',
    'dateOfBirth',
    'birthNumber',
    'sex',
    'email',
    'phone',
    'healthDataConsent',
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
  ].map((property) => [property, formFieldOf(property)]),
);
