import { AdminArea } from '../features/admin/components/admin-area.tsx';
import { SurveyPage } from '../features/admin-surveys/components/survey-page.tsx';

export { prefetch } from '../features/admin-surveys/components/survey-page.tsx';

/** A questionnaire's editor and preview in the staff console's frame (two features meet here, in the app). */
export function AdminSurveyPage() {
  return (
    <AdminArea section="surveys">
      <SurveyPage />
    </AdminArea>
  );
}
