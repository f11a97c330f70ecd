import { AdminArea } from '../features/admin/components/admin-area.tsx';
import { SupportInboxPage } from '../features/admin-support/components/support-inbox-page.tsx';

export { prefetch } from '../features/admin-support/components/support-inbox-page.tsx';

/** The support inbox in the staff console's frame (two features meet here, in the app). */
export function AdminSupportPage() {
  return (
    <AdminArea section="support">
      <SupportInboxPage />
    </AdminArea>
  );
}
