import { AdminArea } from '../features/admin/components/admin-area.tsx';
import { CarerSubscriptionsPage } from '../features/admin-subscriptions/components/carer-subscriptions-page.tsx';

export { prefetch } from '../features/admin-subscriptions/components/carer-subscriptions-page.tsx';

/** A carer's subscriptions and Opora's free plan in the staff console's frame (two features meet here, in the app). */
export function AdminSubscriptionPage() {
  return (
    <AdminArea section="subscriptions">
      <CarerSubscriptionsPage />
    </AdminArea>
  );
}
