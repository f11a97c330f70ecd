import { AdminArea } from '../features/admin/components/admin-area.tsx';
import { AssistantTaskPage } from '../features/admin-assistants/components/assistant-task-page.tsx';

export { prefetch } from '../features/admin-assistants/components/assistant-task-page.tsx';

/** An assistant's task in the staff console's frame (two features meet here, in the app). */
export function AdminAssistantTaskPage() {
  return (
    <AdminArea section="assistantTasks">
      <AssistantTaskPage />
    </AdminArea>
  );
}
