import { AdminArea } from '../features/admin/components/admin-area.tsx';
import { AssistantTasksPage } from '../features/admin-assistants/components/assistant-tasks-page.tsx';

export { prefetch } from '../features/admin-assistants/components/assistant-tasks-page.tsx';

/** The assistants' work queue in the staff console's frame (two features meet here, in the app). */
export function AdminAssistantTasksPage() {
  return (
    <AdminArea section="assistantTasks">
      <AssistantTasksPage />
    </AdminArea>
  );
}
