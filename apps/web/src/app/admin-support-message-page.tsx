import { AdminArea } from '../features/admin/components/admin-area.tsx';
import { SupportMessagePage } from '../features/admin-support/components/support-message-page.tsx';

export { prefetch } from '../features/admin-support/components/support-message-page.tsx';

/** A support message in the staff console's frame (two features meet here, in the app). */
export function AdminSupportMessagePage() {
  return (
    <AdminArea section="support">
      <SupportMessagePage />
    </AdminArea>
  );
}
