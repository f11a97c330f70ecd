import { FacilityPage } from '../features/provider-profile/components/facility-page.tsx';
import { FacilityServicesTab } from '../features/provider-services/components/facility-services-tab.tsx';

/** The facility detail: the profile's page with the services' tab (two features meet here, in the app). */
export function ProviderFacilityPage() {
  return <FacilityPage servicesTab={FacilityServicesTab} />;
}
