import { Container } from '../../components/layout';
import { AuditLogScreen } from '../../features/audit/audit-log-screen';
import { BackToConsole } from '../../features/admin-users/back-to-console';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /admin/audit — who did what, when and from where, across the credit union (staff only). */
export function AuditLogPage() {
  useDocumentTitle('Audit Log');
  return (
    <Container className="space-y-6 py-8 sm:py-10">
      <div>
        <BackToConsole />
        <h1 className="mt-3 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Audit Log</h1>
        <p className="mt-1 text-slate-600">
          Every staff action and security event: who, when, from where, and what changed. Entries can never be edited or
          deleted.
        </p>
      </div>
      <AuditLogScreen />
    </Container>
  );
}
