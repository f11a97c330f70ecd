import type {
  FacilityDetails,
  FacilityDetailsUpdate,
  ProviderContactCreate,
  ProviderContactUpdate,
  ProviderDetailsUpdate,
} from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { useQuery } from '@tanstack/react-query';
import { callOperation, operationQueryOptions } from '@/lib/operations.ts';

/** `getProviderProfile`: the provider's details, facilities and own contacts, and what the caller may change. */
export function providerProfileQueryOptions(providerId: string) {
  return operationQueryOptions(operations.getProviderProfile, { params: { providerId } });
}

export function useProviderProfile(providerId: string) {
  // Colleagues edit the same records: read afresh on every visit.
  return useQuery({ ...providerProfileQueryOptions(providerId), staleTime: 0 });
}

/** `getProviderFacility`: a facility's services, information and contacts. */
export function providerFacilityQueryOptions(providerId: string, facilityId: string) {
  return operationQueryOptions(operations.getProviderFacility, { params: { providerId, facilityId } });
}

export function useProviderFacility(providerId: string, facilityId: string) {
  return useQuery({ ...providerFacilityQueryOptions(providerId, facilityId), staleTime: 0 });
}

export function saveProviderDetails(providerId: string, body: ProviderDetailsUpdate) {
  return callOperation(operations.updateProviderProfile, { params: { providerId }, body });
}

export function createFacility(providerId: string, body: FacilityDetails) {
  return callOperation(operations.createProviderFacility, { params: { providerId }, body });
}

export function saveFacility(providerId: string, facilityId: string, body: FacilityDetailsUpdate) {
  return callOperation(operations.updateProviderFacility, { params: { providerId, facilityId }, body });
}

export function createContact(providerId: string, body: ProviderContactCreate) {
  return callOperation(operations.createProviderContact, { params: { providerId }, body });
}

export function saveContact(providerId: string, contactId: string, body: ProviderContactUpdate) {
  return callOperation(operations.updateProviderContact, { params: { providerId, contactId }, body });
}

export function deleteContact(providerId: string, contactId: string, revision: number) {
  return callOperation(operations.deleteProviderContact, {
    params: { providerId, contactId },
    query: { revision },
  });
}
