import { AdminConsole } from '../../features/admin-users/admin-console';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /admin — the staff console (spec §2 "Admin dashboard"). */
export function AdminPage() {
  useDocumentTitle('Admin Dashboard');
  return <AdminConsole />;
}
