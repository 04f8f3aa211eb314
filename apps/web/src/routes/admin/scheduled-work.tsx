import { Container } from '../../components/layout';
import { BackToConsole } from '../../features/admin-users/back-to-console';
import { ScheduledWorkScreen } from '../../features/scheduled-work/scheduled-work-screen';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /admin/scheduled-work — the job queue as staff see it: what runs on its own, and Run now (staff only). */
export function ScheduledWorkPage() {
  useDocumentTitle('Scheduled Work');
  return (
    <Container className="py-8 sm:py-10">
      <BackToConsole />
      <h1 className="mt-4 text-2xl font-semibold text-slate-900 sm:text-3xl">Scheduled Work</h1>
      <p className="mt-1 max-w-3xl text-slate-600">
        What the portal does on its own, such as sending e-mail and expiring payment orders that waited too long. A
        failed run is tried again after a growing pause; Run now queues one run at once.
      </p>
      <ScheduledWorkScreen />
    </Container>
  );
}
