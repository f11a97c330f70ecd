import { AdminArea } from '../features/admin/components/admin-area.tsx';
import { ServiceTypesPage } from '../features/admin-service-types/components/service-types-page.tsx';

export { prefetch } from '../features/admin-service-types/components/service-types-page.tsx';

/** The service types in the staff console's frame (two features meet here, in the app). */
export function AdminServiceTypesPage() {
  return (
    <AdminArea section="serviceTypes">
      <ServiceTypesPage />
    </AdminArea>
  );
}
