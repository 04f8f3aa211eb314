import { AUDIT_EXPORT_MAX_ROWS, messages } from '@mutual/shared';
import { ExportCsvLink } from '../../components/export-csv-link';
import { fieldErrors } from '../../lib/api-errors';
import { LoadError, Skeleton } from '../../components/query-state';
import { type AuditFilterName, auditExportHref, useAuditLog } from './audit-api';
import { AuditTable } from './audit-entries';
import { AuditFiltersForm } from './audit-filters';
import { AuditPager } from './audit-pager';
import { useAuditFilters } from './use-audit-filters';

const exportCap = new Intl.NumberFormat('en-US').format(AUDIT_EXPORT_MAX_ROWS);

/** The credit union's audit log: filters in the address, a page of entries, the CSV export. */
export function AuditLogScreen() {
  const { filters, cursor, setFilters, goTo, clear } = useAuditFilters();
  const log = useAuditLog(filters, cursor);
  const errors = Object.fromEntries(fieldErrors(log.error)) as Partial<Record<AuditFilterName, string>>;
  const refused = log.isError && Object.keys(errors).length > 0;

  return (
    <div className="space-y-5">
      <AuditFiltersForm
        filters={filters}
        errors={errors}
        timeZone={log.data?.timeZone}
        onChange={setFilters}
        onClear={clear}
      />
      <section
        aria-labelledby="audit-results-heading"
        aria-busy={log.isFetching}
        className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 id="audit-results-heading" className="text-lg font-semibold text-slate-900">
              Entries
            </h2>
            <p className="mt-0.5 max-w-xl text-xs text-slate-600">{messages.audit.exportCapped(exportCap)}</p>
          </div>
          <ExportCsvLink href={auditExportHref(filters)} testId="audit-export" />
        </div>
        {log.isPending ? (
          <Skeleton label="Loading the audit log" className="h-96 border-0 bg-slate-100" />
        ) : log.isError && (refused || !log.data) ? (
          <LoadError error={log.error} fallback={messages.audit.loadFailed} onRetry={() => void log.refetch()} />
        ) : log.data.entries.length === 0 ? (
          <p className="py-10 text-center text-sm text-slate-600">{messages.audit.empty}</p>
        ) : (
          <div className={log.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
            <AuditTable
              entries={log.data.entries}
              timeZone={log.data.timeZone}
              caption="Audit log entries, newest first"
            />
          </div>
        )}
        {log.data && !refused && log.data.entries.length > 0 && (
          <div className="mt-4 border-t border-slate-100 pt-4">
            <AuditPager page={log.data} busy={log.isPlaceholderData} onNavigate={goTo} />
          </div>
        )}
      </section>
    </div>
  );
}
