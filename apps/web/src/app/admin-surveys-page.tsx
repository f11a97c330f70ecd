import { AdminArea } from '../features/admin/components/admin-area.tsx';
import { SurveysPage } from '../features/admin-surveys/components/surveys-page.tsx';

export { prefetch } from '../features/admin-surveys/components/surveys-page.tsx';

/** The questionnaires in the staff console's frame (two features meet here, in the app). */
export function AdminSurveysPage() {
  return (
    <AdminArea section="surveys">
      <SurveysPage />
    </AdminArea>
  );
}
