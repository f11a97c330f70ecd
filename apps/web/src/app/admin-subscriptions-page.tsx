import { AdminArea } from '../features/admin/components/admin-area.tsx';
import { CarerSearchPage } from '../features/admin-subscriptions/components/carer-search-page.tsx';

/** The search for a carer's subscriptions in the staff console's frame (two features meet here, in the app). */
export function AdminSubscriptionsPage() {
  return (
    <AdminArea section="subscriptions">
      <CarerSearchPage />
    </AdminArea>
  );
}
