import type { Client, ClientAddress, ClientPerson } from '@opora/contracts';
import {
  blankToUndefined,
  type ClientPersonValues,
  clientPersonProperties,
  emptyClientPerson,
  emptyPerson,
  formFieldsOf,
  type PersonValues,
  toClientPersonInput,
} from '@/shared-features/client-form/client-person-values.ts';
import { type AddressValues, emptyAddress, formatZipcode } from '@/shared-features/places/place-address.ts';

export {
  type ClientPersonValues,
  formFieldOf,
  type PersonValues,
} from '@/shared-features/client-form/client-person-values.ts';

export {
  type AddressValues,
  addressFromPlace,
  cityOfPlace,
  emptyAddress,
  formatZipcode,
} from '@/shared-features/places/place-address.ts';

/** What the client form edits: the client's details, who fills it in, and the consent. */
export type ClientFormValues = ClientPersonValues & {
  isClient: boolean;
  relationshipTypeId: string;
  /** Editing: the stored birth number is removed (`null`). */
  removeBirthNumber: boolean;
  healthDataConsent: boolean;
};

export const emptyClientForm: ClientFormValues = {
  ...emptyClientPerson,
  isClient: false,
  relationshipTypeId: '',
  removeBirthNumber: false,
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

/** The fields both the create and the update body share, as the contracts' schemas take them. */
function commonInput(values: ClientFormValues) {
  return {
    isClient: values.isClient,
    relationshipTypeId: values.isClient ? undefined : values.relationshipTypeId,
    ...toClientPersonInput(values),
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

/** Properties of the client body the form shows, as `showServerErrors` maps them to fields. */
export const clientFormFields: Readonly<Record<string, string>> = formFieldsOf([
  'isClient',
  'relationshipTypeId',
  'healthDataConsent',
  ...clientPersonProperties,
]);
